import Foundation

/// The PyPI tools of scripts/packages: scripts/setup installs them into the repository's `.build/tools`
/// (Debian's python3 refuses a system-wide pip), so tests look there first, then on PATH.
public enum PyPITools {
    /// The repository this test support was built from.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The executable `name` from `.build/tools/bin`, else from PATH; nil when neither has it.
    public static func path(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return ([repositoryRoot + "/.build/tools/bin"] + path.split(separator: ":").map(String.init))
            .map { $0 + "/" + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
