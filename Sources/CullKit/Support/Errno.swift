#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text for C `errno` values.
enum Errno {
    static func message(_ code: Int32) -> String { String(cString: strerror(code)) }
}
