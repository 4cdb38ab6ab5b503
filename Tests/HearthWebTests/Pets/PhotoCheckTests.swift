import Crypto
import Foundation
import HearthCore
import HearthStore
import Testing
@testable import HearthWeb

@Suite("hearth photos check")
struct PhotoCheckTests {
    @Test("finds a missing thumbnail and an orphaned file; --repair redraws one and removes the other")
    func checkAndRepair() async throws {
        let directory = temporaryDataDirectory()
        let sha = try await withHousehold(dataDirectory: directory) { _, owner in
            let photo = try fixture("exif-orientation/Landscape_1.jpg")
            _ = try await owner.addPet("Nabi", photo: photo)
            return SHA256.hex(photo)
        }
        let database = try AppDatabase.open(dataDirectory: directory)
        defer { try? database.close() }
        let files = try PhotoFiles(dataDirectory: directory)
        let check = try PhotoCheck(database: database, dataDirectory: directory)
        #expect(try await check.run(repair: false).isClean)

        try FileManager.default.removeItem(atPath: files.path(sha, .thumbnail))
        let orphan = String(repeating: "e", count: 64)
        try FileManager.default.createDirectory(atPath: files.folder(orphan), withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: files.path(orphan, .preview)))

        let found = try await check.run(repair: false)
        #expect(found.missingDerivatives == [sha])
        #expect(found.orphanFiles == [orphan])
        _ = try await check.run(repair: true)
        #expect(FileManager.default.fileExists(atPath: files.path(sha, .thumbnail)))
        #expect(!FileManager.default.fileExists(atPath: files.path(orphan, .preview)))
        #expect(try await check.run(repair: false).isClean)
    }
}
