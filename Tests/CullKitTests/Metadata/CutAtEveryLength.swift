import Foundation
import Testing
@testable import CullKit

/// What a reader gives for a file cut at every length (CONTRIBUTING, "Adding a metadata reader"): the
/// whole file reads without a problem; every shorter one is damaged, never whole; each field it gives is
/// the whole file's value (never a part or a misread) and, once given, stays given for every longer cut.
/// ``first`` says from which length on each field is read, for the test to hold against where the
/// fixture's bytes put it.
struct CutAtEveryLength {
    let whole: MetadataReading
    /// The reading of each cut, by length (`0 ..< whole file's size`).
    let cuts: [MetadataReading]

    /// Reads every cut of `bytes` (named `name`) through the real entry point and checks the rules above,
    /// except that the cuts in `readWhole` must read without a problem (and no others), and the fields in
    /// `ownValues` may differ from the whole file's (a fallback the test checks itself).
    init(_ bytes: [UInt8], name: String, in folder: FixtureFolder, readWhole: Set<Int> = [], ownValues: Set<String> = [],
         sourceLocation: SourceLocation = #_sourceLocation) {
        whole = MetadataReaders.reading(path: folder.write(bytes, name: name))
        cuts = (0 ..< bytes.count).map { MetadataReaders.reading(path: folder.write(Array(bytes.prefix($0)), name: name)) }
        #expect(whole.problem == nil, "the whole file: \(whole.problem.map(String.init(describing:)) ?? "")", sourceLocation: sourceLocation)
        let wholeFields = Self.fields(whole.metadata)
        var seen: Set<String> = []
        for (length, cut) in cuts.enumerated() {
            if let problem = cut.problem {
                #expect(problem.isDamage, "cut at \(length): \(problem)", sourceLocation: sourceLocation)
                #expect(!readWhole.contains(length), "cut at \(length): \(problem)", sourceLocation: sourceLocation)
            } else if !readWhole.contains(length) {
                Issue.record("cut at \(length) of \(bytes.count) reads as a whole file", sourceLocation: sourceLocation)
            }
            let fields = Self.fields(cut.metadata)
            for (name, value) in fields where !ownValues.contains(name) {
                #expect(value == wholeFields[name], "cut at \(length): \(name) is \(value), the whole file's \(wholeFields[name] ?? "nil")",
                        sourceLocation: sourceLocation)
            }
            for name in seen where fields[name] == nil {
                Issue.record("cut at \(length): \(name) was read from a shorter cut and is gone", sourceLocation: sourceLocation)
            }
            seen.formUnion(fields.keys)
        }
    }

    /// The shortest cut that gives `field` (a ``MediaMetadata`` property name), or nil when none does.
    func first(_ field: String) -> Int? {
        cuts.firstIndex { Self.fields($0.metadata)[field] != nil }
    }

    /// The fields `metadata` has (not nil), by property name, each value as text.
    static func fields(_ metadata: MediaMetadata) -> [String: String] {
        var fields: [String: String] = [:]
        for child in Mirror(reflecting: metadata).children {
            guard let name = child.label else { continue }
            let value = Mirror(reflecting: child.value)
            guard value.displayStyle == .optional else { fields[name] = "\(child.value)"; continue }
            if let some = value.children.first { fields[name] = "\(some.value)" }
        }
        return fields
    }
}
