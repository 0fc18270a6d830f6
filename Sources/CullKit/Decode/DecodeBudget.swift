import Foundation

/// One memory budget shared by every decode of the process, whatever thread runs it: a decode
/// reserves its estimated peak (``DecodePeak``) before it reads the file or allocates a pixel, waits
/// while the decodes running hold too much of the budget, and gives its share back when it ends.
///
/// ``DecodeLimits`` bound one decode (up to about 900 MB: a 256 MiB file and a 100-megapixel
/// 10-bit HEIC); without a shared bound, every core could hold that at once (5 GB and more on 16
/// cores). Requests are served in arrival order, so a large decode is never starved by a stream of
/// small ones, and one larger than the whole budget is refused as too large, never waited for.
/// The budget is 1 GiB, or `CULL_DECODE_MEMORY` megabytes: every decode within the limits fits
/// the default, and the decodes of camera photos (tens of MB each) fit it on many cores at once.
// @unchecked Sendable: every stored `var` is read and written only with `condition` locked; decodes
// wait on that condition for bytes to free up, which `Mutex` (it has no condition variable) cannot do.
public final class DecodeBudget: @unchecked Sendable {
    /// The budget of this process's decodes.
    public static let shared = DecodeBudget(bytes: configured(ProcessInfo.processInfo.environment))

    public static let defaultBytes = 1 << 30

    /// The bytes all decodes together may hold.
    public let total: Int
    private let condition = NSCondition()
    private var used = 0
    /// The most bytes held at once so far (what the tests check against ``total``).
    private(set) var peak = 0
    private var nextTicket = 0
    private var serving = 0

    init(bytes: Int) { total = max(1, bytes) }

    /// Keeps what the decodes free for the next ones, up to the shared budget, instead of returning
    /// it to the kernel (``Platform/keepFreedMemory(_:)``): called by a decoding job before its
    /// threads start (the same settings each time).
    static func keepFreedMemory() { Platform.keepFreedMemory(shared.total) }

    /// The budget `CULL_DECODE_MEMORY` sets (in MB), else 1 GiB.
    static func configured(_ environment: [String: String]) -> Int {
        guard let text = environment["CULL_DECODE_MEMORY"], let megabytes = Int(text), megabytes > 0, megabytes < 1 << 40 else {
            return defaultBytes
        }
        return megabytes * 1_000_000
    }

    /// Runs `body` holding `bytes` of the budget: waits for its turn and for the room, refuses a
    /// decode that could never fit (``DecodeError/Problem/tooLarge(_:)``).
    func reserving<T>(_ bytes: Int, path: String, _ body: () throws(DecodeError) -> T) throws(DecodeError) -> T {
        let bytes = max(0, bytes)
        guard bytes <= total else {
            throw DecodeError(path: path, problem: .tooLarge(
                "needs about \(bytes / 1_000_000) MB to decode, more than the decode budget of \(total / 1_000_000) MB (CULL_DECODE_MEMORY)"))
        }
        condition.lock()
        let ticket = nextTicket
        nextTicket += 1
        while ticket != serving || used + bytes > total { condition.wait() }
        serving += 1
        used += bytes
        peak = max(peak, used)
        condition.broadcast()
        condition.unlock()
        defer {
            condition.lock()
            used -= bytes
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// The bytes held now (for tests).
    var held: Int {
        condition.lock()
        defer { condition.unlock() }
        return used
    }
}
