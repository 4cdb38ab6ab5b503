import Foundation
import GRDB
import HearthCore
import Testing

@testable import HearthStore

@Suite("The history of every change")
struct HistoryStoreTests {
    /// Members to be the authors (the rows' account columns point at real accounts).
    static func members(_ database: AppDatabase, _ names: String...) async throws -> [Int64] {
        var ids: [Int64] = []
        for name in names {
            let account = try await AccountRepository(database).create(
                NewMember(username: name, displayName: name, password: "password for \(name)", role: .adult), passwordHash: "x")
            ids.append(try #require(account.id))
        }
        return ids
    }

    @Test("every table is in the history or left out by name with its reason: a table a migration adds is logged without anyone remembering")
    func coverage() throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        try database.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'")
            let logged = try HistoryTriggers.loggedTables(db)
            let triggers = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'history_%'"))
            for table in logged {
                for action in ["insert", "update", "delete"] { #expect(triggers.contains("history_\(table)_\(action)"), "\(table) \(action)") }
            }
            let unexplained = tables.filter { !logged.contains($0) && !HistoryTriggers.notLogged.contains($0) && !$0.contains("search") }
            #expect(unexplained.isEmpty, "\(unexplained)")
            for table in ["entry", "meal_entry", "dose", "regimen", "regimen_item", "subject", "account", "api_token", "household", "food", "routine_mark"] {
                #expect(logged.contains(table), "\(table)")
            }
        }
    }

    /// Columns of logged tables whose names sound like a credential but hold none (reviewed).
    static let notCredentials: Set<String> = [
        "clinic.licence_key", "medicine.list_key", "recipe.image_url", "recipe.source_url", "recipe_step.image_url",
    ]

    @Test("no column that works as a credential is kept in the history: a new one whose name says so fails here until it is skipped or hidden")
    func credentialColumns() throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        try database.read { db in
            for table in try HistoryTriggers.loggedTables(db) {
                for column in try db.columns(in: table).map(\.name) {
                    let sounds = ["url", "endpoint", "token", "key", "secret", "password", "auth", "digest", "topic", "hash", "p256dh"].contains {
                        column.contains($0)
                    }
                    guard sounds, !HistoryTriggers.skippedColumns.contains(column), !HistoryTriggers.hiddenColumns.contains(column) else { continue }
                    #expect(Self.notCredentials.contains("\(table).\(column)"), "\(table).\(column) may be a credential: skip it, hide it, or list it here")
                }
            }
        }
    }

    @Test("a push endpoint, an ntfy topic and the webhook's address: the history says each was set, changed and cleared, never the address")
    func addressesHidden() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let mina = try await Self.members(database, "mina")[0]
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO household (id, name, time_zone, language, weight_unit, volume_unit, created_at, updated_at)
                    VALUES (1, 'Kims', 'Asia/Seoul', 'ko', 'kg', 'ml', '2026-12-01', '2026-12-01') ON CONFLICT DO NOTHING;
                    INSERT INTO push_device (account_id, endpoint, p256dh, auth, label, created_at)
                    VALUES (?, 'https://push.example.invalid/secret-endpoint', 'key', 'auth', 'Android', '2026-12-01');
                    """, arguments: [mina])
            for address in ["http://ntfy.local/secret-topic-1", "http://ntfy.local/secret-topic-2", nil] {
                try db.execute(sql: "UPDATE account SET ntfy_url = ? WHERE id = ?", arguments: [address, mina])
                try db.execute(sql: "UPDATE household SET ntfy_url = ?, webhook_url = ?", arguments: [address, address.map { $0 + "/hook" }])
            }
            try db.execute(sql: "UPDATE push_device SET endpoint = 'https://push.example.invalid/secret-endpoint-2'")
            try db.execute(sql: "DELETE FROM push_device")
        }
        let changes = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT tbl, action, changes FROM history WHERE tbl IN ('push_device', 'account', 'household') ORDER BY id").map {
                "\($0[0] as String) \($0[1] as String) \($0[2] as String)"
            }
        }
        #expect(!changes.contains { $0.contains("secret") }, "\(changes)")
        #expect(changes.contains { $0.contains(#"account update {"ntfy_url":[null,"••• ✎"]}"#) }, "set: \(changes)")
        #expect(changes.contains { $0.contains(#"account update {"ntfy_url":["•••","••• ✎"]}"#) }, "changed: \(changes)")
        #expect(changes.contains { $0.contains(#"account update {"ntfy_url":["•••",null]}"#) }, "cleared: \(changes)")
        #expect(changes.contains { $0.hasPrefix("push_device delete") && $0.contains(#""endpoint":"•••""#) }, "\(changes)")
    }

    @Test(
        "a record's write is one entry by its member: the record and its details under the record's id and subject; an edit keeps only what changed, old and new; a delete is the deleted_at it set"
    )
    func recordWrites() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let pet = try await PetRepository(database).create(PetProfile(name: "Nabi", species: .cat), photo: nil)
        let entries = EntryRepository(database)
        let kibble = try await FoodRepository(database).create(name: "Kibble", kind: .food, kcalPer100g: 380)
        let ids = try await Self.members(database, "mina", "jun")
        let mina = ChangeAuthor(accountID: ids[0], via: .page)
        let at = Date(timeIntervalSince1970: 1_764_000_000)
        let meal = RecordInput(
            occurredAt: at, localDate: LocalDate(at, in: .gmt), note: "morning",
            details: .meal(food: .existing(id: kibble), amount: 60, unit: .g, outcome: .all))
        let id = try await ChangeAuthor.$current.withValue(mina) {
            try await entries.create(subjectID: pet.id, meal, photos: [], createdBy: ids[0])
        }
        let history = HistoryRepository(database)
        let created = try history.of(record: "entry", id: id)
        #expect(Set(created.map(\.table)).isSuperset(of: ["entry", "meal_entry"]), "\(created.map(\.table))")
        #expect(Set(created.map(\.write)).count == 1, "one write")
        #expect(created.allSatisfy { $0.accountID == ids[0] && $0.via == .page && $0.subjectID == pet.id && $0.action == "insert" })

        var more = meal
        more.details = .meal(food: .existing(id: kibble), amount: 80, unit: .g, outcome: .all)
        try await ChangeAuthor.$current.withValue(ChangeAuthor(accountID: ids[1], via: .api)) {
            _ = try await entries.update(id: id, more, keeping: [], adding: [])
        }
        let edits = try history.of(record: "entry", id: id).filter { $0.action != "insert" }
        let amount = edits.flatMap(\.changes).filter { $0.column == "amount" }
        #expect(amount == [.init(column: "amount", old: .number(60), new: .number(80))], "\(edits)")
        #expect(!edits.flatMap(\.changes).contains { $0.column == "note" || $0.column == "updated_at" }, "unchanged and bookkeeping columns are left out")
        #expect(edits.allSatisfy { $0.accountID == ids[1] && $0.via == .api })

        try await entries.delete(id: id)
        let deleted = try #require(try history.of(record: "entry", id: id).last)
        #expect(deleted.accountID == nil && deleted.via == nil, "no author: Hearth itself")
        #expect(deleted.changes.map(\.column) == ["deleted_at"])
    }

    @Test(
        "a dose marked, undone and marked again keeps every step under its regimen; a write outside Hearth (the sqlite3 shell) is still logged, as write 0; a public list's batches are not"
    )
    func doses() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let pet = try await PetRepository(database).create(PetProfile(name: "Nabi", species: .cat), photo: nil)
        let regimens = RegimenRepository(database)
        let day = LocalDate(year: 2026, month: 11, day: 20)!
        let regimen = try await regimens.create(
            subjectID: pet.id,
            RegimenInput(
                name: "Heart", items: [RegimenItemInput(name: "Pimobendan", amount: 1, unit: "tablet")],
                schedule: CareSchedule(repeatRule: .daily, times: [480], start: day)))
        let ids = try await Self.members(database, "mom", "dad")
        let mom = ChangeAuthor(accountID: ids[0], via: .page), dad = ChangeAuthor(accountID: ids[1], via: .page)
        try await ChangeAuthor.$current.withValue(mom) {
            _ = try await regimens.mark(regimenID: regimen, day: day, time: 480, status: .given, givenAt: Date(), reason: nil, accountID: ids[0])
        }
        try await ChangeAuthor.$current.withValue(dad) {
            try await regimens.undo(regimenID: regimen, day: day, time: 480)
            _ = try await regimens.mark(regimenID: regimen, day: day, time: 480, status: .skipped, givenAt: nil, reason: "토함", accountID: ids[1])
        }
        let steps = try HistoryRepository(database).of(record: "regimen", id: regimen).filter { $0.table == "dose" }
        #expect(steps.map(\.action) == ["insert", "delete", "insert"])
        #expect(steps.map(\.accountID) == [ids[0], ids[1], ids[1]])
        #expect(steps.last?.changes.first { $0.column == "reason" }?.new == .text("토함"))
        #expect(steps.allSatisfy { $0.subjectID == pet.id })
        // The dose log shows the current state, marked as changed; the next day's, marked once, is not.
        _ = try await regimens.mark(
            regimenID: regimen, day: day.adding(days: 1), time: 480, status: .given, givenAt: Date(), reason: nil, accountID: ids[0])
        let log = try regimens.doses(access: .everyone, subjectID: pet.id, from: day, to: day.adding(days: 1), in: .gmt)
        let marks = log.flatMap(\.slots).compactMap(\.logged)
        #expect(marks.map(\.status) == [.skipped, .given])
        #expect(marks.map(\.changed) == [true, false])

        // A write with no Hearth around it: the author table is empty, so the trigger writes 0.
        try await database.write { db in
            try WriteAuthor.end(db)
            try db.execute(sql: "UPDATE subject SET name = 'Nabi 2' WHERE id = ?", arguments: [pet.id])
        }
        let renamed = try #require(try HistoryRepository(database).of(record: "subject", id: pet.id).last)
        #expect(renamed.write == 0 && renamed.changes == [.init(column: "name", old: .text("Nabi"), new: .text("Nabi 2"))])

        let before = try HistoryRepository(database).size().rows
        _ = try await database.writeInBatches(of: 2, { add in for n in 0..<5 { try add(n) } }) { db, numbers in
            for n in numbers { try db.execute(sql: "INSERT INTO food(name, kind, created_at) VALUES (?, 'food', datetime('now'))", arguments: ["Listed \(n)"]) }
        }
        #expect(try HistoryRepository(database).size().rows == before, "a public list's rows are its import's one entry, not 5")
    }

    @Test("a subject's last change, which its kept flags go by, moves with its own records, dose marks and imported days, and not with another's")
    func subjectVersion() async throws {
        let database = try AppDatabase.inMemory()
        let nabi = try await PetRepository(database).create(PetProfile(name: "Nabi", species: .cat), photo: nil)
        let grandma = try await PersonRepository(database).create(PersonProfile(name: "Grandma"), photo: nil)
        func versions() throws -> [Int64] { try database.read { db in [try FlagRepository.version(nabi.id, db), try FlagRepository.version(grandma.id, db)] } }
        let regimens = RegimenRepository(database)
        let member = try await Self.members(database, "mina")[0]
        let day = LocalDate("2026-11-10")!
        let regimen = try await regimens.create(
            subjectID: grandma.id,
            RegimenInput(
                name: "BP", items: [RegimenItemInput(name: "Amlodipine", amount: 1, unit: "tablet")],
                schedule: CareSchedule(repeatRule: .daily, times: [480], start: day)))
        var before = try versions()
        let at = Date(timeIntervalSince1970: 1_762_732_800)
        _ = try await EntryRepository(database).create(
            subjectID: nabi.id, RecordInput(occurredAt: at, localDate: day, note: nil, details: .vomit(times: 1, contents: nil)), photos: [], createdBy: nil)
        var after = try versions()
        #expect(after[0] > before[0] && after[1] == before[1], "Nabi's vomit: \(before) → \(after)")
        before = after
        _ = try await regimens.mark(regimenID: regimen, day: day, time: 480, status: .given, givenAt: at, reason: nil, accountID: member)
        after = try versions()
        #expect(after[1] > before[1] && after[0] == before[0], "Grandma's dose: \(before) → \(after)")
        before = after
        let imports = ImportRepository(database)
        let job = try await imports.start(subjectID: grandma.id, source: "apple-health", fileName: "export.xml", bytesTotal: 1, createdBy: nil)
        _ = try await imports.finish(jobID: job, subjectID: grandma.id, days: [ImportedDay(day: day, weightGrams: 52_000)], through: day, recordsRead: 1)
        after = try versions()
        #expect(after[1] > before[1] && after[0] == before[0], "Grandma's imported weight: \(before) → \(after)")
    }
}
