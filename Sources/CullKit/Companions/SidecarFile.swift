/// A sidecar found next to a media file (`IMG_1.xmp`, `IMG_1.JPG.xmp`, `IMG_1.AAE`, `IMG_1.JPG.json`).
public struct SidecarFile: Sendable, Equatable {
    public typealias Role = SidecarRole
    public var relativePath: [UInt8]
    public var role: Role
    public var identity: FileIdentity
}
