/// The `--map` that would make a catalog that matches no file of the library match it: the folder
/// `FROM` under which the catalog's names are the library's files. For each sampled folder outside
/// the library (``CatalogRead/samples``), its trailing folders are looked for among the library's
/// folders (`/old/Pictures/2015` → `2015`), deepest first, and its names in that folder; the `FROM`
/// that makes most sampled names indexed files wins.
enum CatalogSuggestion {
    struct Found: Equatable {
        /// The catalog's prefix (`/old/Pictures`, `C:/Users/Me/Pictures`).
        let from: String
        /// Some folder under it exists on this machine.
        let existsHere: Bool
        let matches: Int
    }

    static func find(_ read: CatalogRead, library: CatalogLibrary) -> Found? {
        var found: [String: (matches: Int, exists: Bool)] = [:]
        for index in read.samples.keys.sorted() {
            let sample = read.samples[index]!
            let (folder, exists) = read.sampled(index)
            let parts = folder.split(separator: PathBytes.slash, omittingEmptySubsequences: true).map(Array.init)
            let absolute = folder.first == PathBytes.slash
            for depth in stride(from: min(parts.count - 1, 64), through: 0, by: -1) {
                let tail = Array(parts.suffix(depth).joined(separator: [PathBytes.slash]))
                guard let key = CatalogPaths.components(tail), depth == 0 || library.holds(folder: key) else { continue }
                let matches = sample.names.count(where: { name in CatalogPaths.key(folder: key, name: name).map(library.contains) ?? false })
                guard matches > 0 else { continue }
                let head = Array(parts.prefix(parts.count - depth).joined(separator: [PathBytes.slash]))
                guard let text = String(validating: (absolute ? [PathBytes.slash] : []) + head, as: UTF8.self) else { break }
                found[text, default: (0, false)].matches += matches
                if exists { found[text]!.exists = true }
                break
            }
        }
        guard let best = found.max(by: { ($0.value.matches, $1.key) < ($1.value.matches, $0.key) }) else { return nil }
        return Found(from: best.key, existsHere: best.value.exists, matches: best.value.matches)
    }

    /// The folder most sampled rows are in, as text (for the message).
    static func commonFolder(_ read: CatalogRead) -> String? {
        guard let index = read.samples.max(by: { ($0.value.rows, $1.key) < ($1.value.rows, $0.key) })?.key else { return nil }
        return PathBytes.display(read.sampled(index).mapped)
    }
}
