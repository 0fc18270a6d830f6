import Foundation

/// Runs a program with a given environment, optional stdin, and captures its output.
public enum Subprocess {
    public struct Result {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            (self.status, self.stdout, self.stderr) = (status, stdout, stderr)
        }
    }

    /// The `cull` binary built next to the test bundle.
    public static let cullBinary: String = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cull").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/cull").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
    }()

    public static func run(_ arguments: [String], environment: [String: String], stdin: String? = nil,
                    directory: String? = nil) throws -> Result {
        let process = try start(arguments, environment: environment, stdin: stdin, directory: directory)
        let out = process.stdout.fileHandleForReading.readDataToEndOfFile()
        let err = process.stderr.fileHandleForReading.readDataToEndOfFile()
        process.process.waitUntilExit()
        return Result(status: process.process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    public struct Running {
        public let process: Process
        public let stdout: Pipe
        public let stderr: Pipe
    }

    public static func start(_ arguments: [String], environment: [String: String], stdin: String? = nil,
                      directory: String? = nil) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        return Running(process: process, stdout: output, stderr: error)
    }
}
