/// `Sandbox` and `Subprocess` live in the support target both test targets share.
@_exported import CullTestSupport
