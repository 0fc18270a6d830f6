import Foundation
import Testing
@testable import CullKit

/// Every JPEG and HEIF photo of the real corpus decodes small, or fails with a typed error naming it
/// (the corpus's `invalid/` folder holds deliberately broken files). The phone HEICs of 12–16 MP
/// are left to `benchmarks/similar`: libheif has no scaled decode, and a debug build takes seconds each.
struct CorpusDecodeTests {
    @Test(.enabled(if: Corpus.isAvailable, "corpus at ../shared/corpus is absent"))
    func corpusPhotosDecodeOrFailCleanly() throws {
        let files = FileManager.default.enumerator(atPath: Corpus.samples.path)!.compactMap { $0 as? String }
            .filter { ["jpg", "jpeg", "heic", "heif"].contains(($0 as NSString).pathExtension.lowercased()) }
            .filter { !$0.hasPrefix("heic/mobile/") }.sorted()
        var decoded = 0
        for relative in files {
            let path = Corpus.samples.appendingPathComponent(relative).path
            do {
                let image = try ImageDecoder.decode(path: path, maxSide: 256, grey: false)
                #expect(max(image.width, image.height) <= 256 && image.width > 0, "\(relative)")
                decoded += 1
            } catch {
                #expect(error.path == path)
                print("corpus: \(relative): \(error.problem)")
            }
        }
        #expect(files.count > 50)
        #expect(decoded * 10 >= files.count * 9, "only \(decoded) of \(files.count) decoded")
    }
}
