import Foundation
import Testing
@testable import CullKit

/// The Metadata Working Group's order (issue 20 item 4): in one file EXIF, then XMP, then IPTC for the
/// date, camera and size; a sidecar XMP over the file for rating, label and tags. Files written by ExifTool.
@Suite struct SidecarPrecedenceTests {
    static func exiftool(_ arguments: [String], in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["exiftool", "-q", "-overwrite_original"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "exiftool \(arguments)")
    }

    @Test func exifWinsInTheFileAndTheSidecarWinsForDecisions() throws {
        let box = try Sandbox("mwg")
        box.write("a.jpg", bytes: Media.jpeg(taken: "2001:05:19 18:36:41"))
        // Like ExifTool's XMP.jpg: EXIF says Fujifilm in 2001, the embedded XMP Canon in 2005.
        try Self.exiftool(["-EXIF:Make=FUJIFILM", "-EXIF:Model=FinePix2400Zoom", "-XMP-tiff:Make=Canon", "-XMP-tiff:Model=Canon EOS",
                           "-XMP-exif:DateTimeOriginal=2005:06:09 10:00:00", "-XMP-xmp:Rating=1", "a.jpg"], in: box.library.root)
        // A sidecar that says Canon too, and the decisions made in the photo manager.
        box.write("a.jpg.xmp", """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/"
              xmlns:dc="http://purl.org/dc/elements/1.1/" tiff:Make="Canon" xmp:Rating="3" xmp:Label="Green">
            <dc:subject><rdf:Bag><rdf:li>Keep</rdf:li></rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>
            """)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.found("camera: FUJIFILM*") == ["a.jpg"])
        #expect(try box.found("taken: {before: 2002-01-01}") == ["a.jpg"])
        #expect(try box.found("rating: 3") == ["a.jpg"])
        #expect(try box.found("label: green") == ["a.jpg"])
        #expect(try box.found("tags: keep") == ["a.jpg"])
        let rules = try box.rules("all.yaml", "version: 1\nrules:\n  - name: all\n    match: {kind: photo}\n")
        let explained = try box.cull(["plan", rules, "--explain", "a.jpg", "--ceiling", "100"])
        #expect(explained.stdout.contains("taken 2001-05-19T18:36:41 from exif"), "\(explained.stdout)")
        #expect(explained.stdout.contains("rating 3 from a.jpg.xmp; 1 from the file itself"), "\(explained.stdout)")
    }

    @Test func anIPTCDateCountsWhenNothingElseHasOne() throws {
        let box = try Sandbox("mwg-iptc")
        box.write("b.jpg", bytes: Media.png())
        try FileManager.default.removeItem(atPath: box.library.root + "/b.jpg")
        let folder = box.library.root
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        convert.arguments = ["convert", "-size", "32x24", "xc:gray", folder + "/b.jpg"]
        try convert.run()
        convert.waitUntilExit()
        try Self.exiftool(["-IPTC:DateCreated=2003:04:05", "-IPTC:TimeCreated=06:07:08+02:00", "-IPTC:Keywords=Hiking", "b.jpg"], in: folder)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.found("taken: {before: 2004-01-01}") == ["b.jpg"])
        #expect(try box.found("tags: hiking") == ["b.jpg"])
    }

    @Test func darktableDuplicateSidecarsCountForTheirFile() throws {
        let box = try Sandbox("dt-dup-sidecar")
        box.photo("IMG_7.jpg")
        box.write("IMG_7.jpg.xmp", Media.xmp(rating: 1))
        // darktable's sidecar of duplicate 1 of IMG_7.jpg: rated 4 and tagged there.
        box.write("IMG_7_01.jpg.xmp", """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmp:Rating="4">
            <dc:subject><rdf:Bag><rdf:li>second version</rdf:li></rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>
            """)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.found("rating: 4") == ["IMG_7.jpg"])
        #expect(try box.found("tags: \"second version\"") == ["IMG_7.jpg"])
    }
}
