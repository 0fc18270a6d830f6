import Foundation

/// The stock rule files shipped with Cull (`rules/` of the source, `share/cull/rules` of an installation),
/// named by `--stock NAME` on the commands that run rules.
enum StockRules {
    static let option = OptionSpec(long: "stock", value: "NAME",
        help: "Also run the stock rule file NAME (e.g. old-screenshots): from /usr/share/cull/rules (share/cull/rules of the prefix cull is installed in), or $CULL_STOCK_RULES.",
        repeats: true)

    /// Where the stock rules are: `$CULL_STOCK_RULES`, else `share/cull/rules` of the prefix the binary is
    /// installed in (`/usr/bin/cull` → `/usr/share/cull/rules`, as the Debian package and `make install` lay it),
    /// or the checkout's `rules/` for a binary built in it (under `.build/`).
    static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let set = environment["CULL_STOCK_RULES"], !set.isEmpty { return set }
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let binary = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // A build in a checkout (`.build/…/cull`) runs the checkout's own rules/.
        let parts = binary.pathComponents
        if let build = parts.lastIndex(of: ".build") {
            return NSString.path(withComponents: Array(parts[..<build]) + ["rules"])
        }
        return binary.deletingLastPathComponent().appendingPathComponent("share/cull/rules").path
    }

    /// The rule files the `--stock` names of `arguments` stand for, in their order.
    static func paths(_ arguments: ParsedArguments) throws(UsageError) -> [String] {
        let names = arguments.all(option)
        guard !names.isEmpty else { return [] }
        guard let folder = folder() else { throw UsageError(message: "cannot tell where the stock rules are: set CULL_STOCK_RULES") }
        let available = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
        guard !available.isEmpty else { throw UsageError(message: "no stock rules in '\(folder)' (set CULL_STOCK_RULES to their folder)") }
        return try names.map { (name) throws(UsageError) -> String in
            let bare = name.hasSuffix(".yaml") ? String(name.dropLast(5)) : name
            guard available.contains(bare) else {
                throw UsageError(message: "no stock rule file '\(name)' in '\(folder)'; the stock rules are: \(available.joined(separator: ", "))")
            }
            return folder + "/" + bare + ".yaml"
        }
    }
}
