import Foundation
import GRDB
import Testing
@testable import HearthStore

/// A database made by every released schema version lives in `Tests/Fixtures/schemas/vN.sqlite`,
/// each holding a few rows of what that version knew. Opening one must bring it to today's
/// schema with every row kept. A new migration needs a new file: run
/// `HEARTH_WRITE_SCHEMA_FIXTURES=1 swift test --filter SchemaUpgradeTests` once, when it ships
/// (the files of earlier versions are never rewritten).
@Suite("Schema upgrades from every released version")
struct SchemaUpgradeTests {
    static let folder =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/Fixtures/schemas"

    @Test("there is a database for every released schema version")
    func everyVersionHasAFixture() throws {
        if ProcessInfo.processInfo.environment["HEARTH_WRITE_SCHEMA_FIXTURES"] != nil { try Self.writeMissingFixtures() }
        for version in 1...Migrations.count {
            #expect(FileManager.default.fileExists(atPath: "\(Self.folder)/v\(version).sqlite"), "v\(version).sqlite is missing: see this file's comment")
        }
    }

    @Test("each upgrades to today's schema, keeps its rows, and passes SQLite's checks", arguments: 1...Migrations.count)
    func upgrade(version: Int) async throws {
        let source = "\(Self.folder)/v\(version).sqlite"
        try #require(FileManager.default.fileExists(atPath: source))
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: folder + "/hearth.sqlite")
        var readOnly = Configuration()
        readOnly.readonly = true
        let fixture = try DatabaseQueue(path: source, configuration: readOnly)
        let before = try await fixture.read { db in (try Backup.appliedMigrations(db), try Backup.rowCounts(db)) }
        try fixture.close()
        #expect(before.0 == Array(Migrations.all.prefix(version).map(\.name)), "the fixture is the schema of v\(version)")

        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        try database.read { db in
            #expect(try Backup.appliedMigrations(db) == Migrations.all.map(\.name))
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            let after = try Backup.rowCounts(db)
            for (table, rows) in before.1 where table != "grdb_migrations" && table != "sqlite_stat1" && !table.hasPrefix("medicine_search") {
                #expect(after[table] == rows, "\(table) kept its rows")
            }
        }
        // The household reads as it did.
        #expect(try await HouseholdRepository(database).settings()?.name == "Fixture household \(version)")
    }

    /// Writes `vN.sqlite` for each version that has none, from this Hearth's migrations run
    /// up to N and the rows that version could hold.
    static func writeMissingFixtures() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, migration) in Migrations.all.enumerated() {
            let version = index + 1
            let path = "\(folder)/v\(version).sqlite"
            guard !FileManager.default.fileExists(atPath: path) else { continue }
            var configuration = Configuration()
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = 1024") }
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try Migrations.migrator.migrate(queue, upTo: migration.name)
            try queue.write { db in try fill(db, version: version) }
            try queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
            try queue.close()
        }
    }

    private static func fill(_ db: Database, version: Int) throws {
        let now = "2026-01-02 03:04:05.000"
        try db.execute(
            sql:
                "INSERT INTO household (id, name, time_zone, language, weight_unit, volume_unit, created_at, updated_at) VALUES (1, ?, 'Asia/Seoul', 'ko', 'kg', 'ml', ?, ?)",
            arguments: ["Fixture household \(version)", now, now])
        try db.execute(
            sql:
                "INSERT INTO account (username, display_name, password_hash, role, created_at, updated_at) VALUES ('mina', '민아', '$2b$04$abcdefghijklmnopqrstuv', 'owner', ?, ?)",
            arguments: [now, now])
        guard version >= 2 else { return }
        let sha = String(repeating: "ab", count: 32)
        try db.execute(
            sql: "INSERT INTO photo (sha256, format, width, height, byte_count, created_at) VALUES (?, 'jpeg', 10, 10, 100, ?)", arguments: [sha, now])
        try db.execute(sql: "INSERT INTO subject (kind, name, photo_sha, created_at, updated_at) VALUES ('pet', '나비', ?, ?, ?)", arguments: [sha, now, now])
        try db.execute(sql: "INSERT INTO pet_profile (subject_id, species, weight_unit) VALUES (1, 'cat', 'kg')")
        for day in 1...5 {
            try db.execute(
                sql: "INSERT INTO entry (subject_id, kind, occurred_at, local_date, created_at, updated_at) VALUES (1, 'weight', ?, ?, ?, ?)",
                arguments: ["2026-01-0\(day) 00:00:00.000", "2026-01-0\(day)", now, now])
            try db.execute(
                sql: "INSERT INTO weight_entry (entry_id, value, unit, grams) VALUES (?, ?, 'kg', ?)",
                arguments: [db.lastInsertedRowID, 4.0 + Double(day) / 10, 4000 + day * 100])
        }
        try db.execute(sql: "INSERT INTO entry_photo (entry_id, photo_sha, position) VALUES (1, ?, 0)", arguments: [sha])
        if version >= 4 {
            try db.execute(sql: "INSERT INTO subject (kind, name, created_at, updated_at) VALUES ('person', '민아', ?, ?)", arguments: [now, now])
        }
        if version >= 5 {
            try db.execute(sql: "INSERT INTO daily_value (subject_id, local_date, water_ml, updated_at) VALUES (2, '2026-01-02', 1500, ?)", arguments: [now])
        }
        if version >= 10 {
            try db.execute(sql: "INSERT INTO clinic (name, created_at, updated_at) VALUES ('24시 동물병원', ?, ?)", arguments: [now, now])
        }
        if version >= 11 {
            try db.execute(sql: "INSERT INTO medicine (kind, name, created_at, updated_at) VALUES ('medicine', '타이레놀', ?, ?)", arguments: [now, now])
        }
        if version >= 12 {
            try db.execute(sql: "INSERT INTO regimen (subject_id, name, created_at, updated_at) VALUES (1, 'Heart pills', ?, ?)", arguments: [now, now])
            try db.execute(sql: "INSERT INTO regimen_schedule (regimen_id, repeat, times, start_date) VALUES (1, 'daily', '480', '2026-01-01')")
            try db.execute(sql: "INSERT INTO dose (regimen_id, day, time, status, recorded_at) VALUES (1, '2026-01-02', 480, 'given', ?)", arguments: [now])
        }
        if version >= 13 {
            try db.execute(sql: "UPDATE photo SET favourite_at = ?", arguments: [now])
            try db.execute(
                sql:
                    "INSERT INTO backup_run (started_at, finished_at, trigger, file_name, byte_count) VALUES (?, ?, 'nightly', 'hearth-20260102-030000.tar', 1000)",
                arguments: [now, now])
        }
        if version >= 14 {
            try db.execute(sql: "INSERT INTO recipe (title, ingredient_names, created_at, updated_at) VALUES ('된장찌개', '된장', ?, ?)", arguments: [now, now])
            try db.execute(sql: "INSERT INTO recipe_ingredient (recipe_id, position, quantity, unit, name, text) VALUES (1, 0, 2, '큰술', '된장', '된장 2큰술')")
        }
    }
}
