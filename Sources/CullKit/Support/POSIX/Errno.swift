#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text for C `errno` values.
enum Errno {
    static func message(_ code: Int32) -> String {
        code == DirectoryHandle.notRegularFile ? "not a regular file" : String(cString: strerror(code))
    }
}
