/// Text put into HTML or SVG: ``Escape/html(_:)``, the one escape of that kind.
enum HTML {
    static func escape(_ text: String) -> String { Escape.html(text) }
}
