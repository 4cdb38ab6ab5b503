import Foundation
import Testing

/// Each README under `Sources/` lists, under `## Files`, every Swift file of its folder and of
/// the folders below it that have no README of their own (by their path from the README), and
/// nothing else: a file added, moved or removed without its line fails here.
@Suite("READMEs list their folders' files")
struct ReadmeFilesTests {
    @Test("every Swift file is listed in the README nearest above it, and every listed file exists")
    func filesListed() throws {
        let sources = try SourceFiles.read("Sources", suffix: ".swift").map(\.file).filter { !$0.hasPrefix("HearthAPI/") }
        let readmes = try SourceFiles.read("Sources", suffix: "README.md")
        let folders = Set(readmes.map { ($0.file as NSString).deletingLastPathComponent })
        var expected: [String: Set<String>] = [:]
        for file in sources {
            var folder = (file as NSString).deletingLastPathComponent
            while !folders.contains(folder) && !folder.isEmpty { folder = (folder as NSString).deletingLastPathComponent }
            #expect(folders.contains(folder), "\(file) has no README above it")
            expected[folder, default: []].insert(String(file.dropFirst(folder.count + 1)))
        }
        for (readme, text) in readmes {
            let folder = (readme as NSString).deletingLastPathComponent
            let section = text.components(separatedBy: "\n## Files\n").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
            let listed = Set(section.matches(of: #/(?m)^- `([^`]+\.swift)`/#).map { String($0.output.1) })
            let want = expected[folder, default: []]
            #expect(want.subtracting(listed).sorted() == [], "Sources/\(readme) leaves out these files")
            #expect(listed.subtracting(want).sorted() == [], "Sources/\(readme) lists files that are not there")
        }
    }
}

extension ReadmeFilesTests {
    /// A README inside a target the manifest does not exclude makes SwiftPM warn about an
    /// unhandled file, and `make unit` fails on any warning of ours (CI did, for Flags/README.md).
    @Test("every README inside a target is excluded from it in Package.swift")
    func readmesExcluded() throws {
        let manifest = try String(contentsOfFile: "Package.swift", encoding: .utf8)
        for (readme, _) in try SourceFiles.read("Sources", suffix: "README.md") {
            let parts = readme.split(separator: "/", maxSplits: 1)
            guard parts.count == 2 else { continue }
            #expect(manifest.contains("\"\(parts[1])\""), "Package.swift does not exclude Sources/\(readme) from \(parts[0])")
        }
    }
}
