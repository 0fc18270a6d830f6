/// An error whose message is several lines of Cull's own (an error and a hint under it, or one
/// error per catalog). Its description cannot say which line breaks are Cull's and which came
/// inside a path or a name; these lines can: each is escaped on its own (``TerminalText``) and the
/// breaks between them stay.
public protocol LinedError: Error {
    /// The message's lines, without their line breaks; the values in them are outside text.
    var lines: [String] { get }
}
