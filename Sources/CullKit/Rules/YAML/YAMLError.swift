/// A failure of libyaml or of the document shape, with libyaml's own mark.
public struct YAMLError: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// libyaml's scanner or parser rejected the text.
        case syntax
        /// A tab where YAML allows only spaces.
        case tab
        /// An anchor/alias (`*ref`): rejected so a shared file cannot expand exponentially.
        case alias
        /// Nesting deeper than the loader accepts.
        case tooDeep
        /// More nodes than ``RuleLimits/nodes``.
        case tooLarge
        /// More than one document in a rule file.
        case multipleDocuments
        /// A scalar holding a NUL character (a double-quoted `\0`).
        case nul
        /// A tag other than the one of what the node is (`!!str` on a scalar, `!!seq`, `!!map`).
        case tag
    }

    public let reason: Reason
    public let message: String
    public let mark: Mark
}
