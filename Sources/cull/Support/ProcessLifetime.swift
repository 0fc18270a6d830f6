/// What a command made and is done with, kept until the process exits instead of freed: `cull`
/// exits right after, and the kernel takes the whole heap back at once, where freeing a plan of
/// thousands of groups and tens of thousands of files one object at a time was a seventh of a warm
/// plan over a million files (a compiler skips the same work at exit: clang's `-disable-free`).
/// Only for the last, large value of a command; nothing that holds a file or the index open.
enum ProcessLifetime {
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Keeps `value` until the process exits.
    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Box(value))
    }
}
