import Foundation
import GRDB
import HearthStore
import Testing
@testable import HearthWeb

/// Every table that holds the household's data is in an export kind: a new table nobody
/// gave an area's export kinds (`AreaCards.exportKinds`) fails here (the backup copies every table; the export is
/// what a person can read without Hearth).
@Suite("What the export covers")
struct ExportCoverageTests {
    /// Tables that are not the household's records, with why.
    static let notExported: [String: String] = [
        "grdb_migrations": "the schema's history", "session": "sign-in sessions", "sent_request": "first answers to keyed requests, kept a week",
        "api_token": "the digests of devices' API tokens (a device keeps its token; backups hold them, exports never)",
        "sign_in_failure": "failed sign-ins",
        "account": "accounts and password hashes", "account_subject": "which member sees whom (accounts are not exported)",
        "household": "the settings, in the JSON export's head", "import_job": "the state of phone imports",
        "reminder": "the reminders' delivery log", "backup_run": "the backups' own log",
        "photo": "photo files, named by digest in the kinds that have photos",
        "daily_value": "read through the person_day view (the daily kind)",
        "dur_pair": "the public DUR list of pairs, as imported from its source (backups hold it)",
        "dur_elderly": "the public DUR list for older people, as imported from its source (backups hold it)",
        "dur_import": "when each DUR list and the pill list was imported",
        "pill": "the public pill-identification list, as imported from its source (backups hold it)",
        "history": "who changed what and when (backups hold it; the export's head says it is left out)",
        "history_author": "the author of the write under way, empty between writes",
        "push_device": "where each member's browsers take Web Push, and their keys (backups hold them, exports never)",
        "flag_seen": "who marked a flag seen, and at what level (the flags are worked out from the exported records)",
        "reminder_answer": "the digests of reminders' one-use buttons, a day each (the dose they mark is exported)",
        "dose_taken_back": "which doses' marks were taken back, part of the history (backups hold it)",
        "clinic_place": "an R*Tree of the clinics' places, made from the clinics' own map_x and map_y",
        "clinic_place_node": "the R*Tree's own table", "clinic_place_parent": "the R*Tree's own table", "clinic_place_rowid": "the R*Tree's own table",
    ]

    @Test("every table is in an export kind or named here with its reason")
    func everyTable() throws {
        let database = try AppDatabase.inMemory()
        defer { try? database.close() }
        let tables = try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        }
        let sql = AreaList.standard.exportKinds.map(\.sql).joined(separator: "\n")
        let missing = tables.filter { table in
            // A full-text index's tables are made from the rows they index (the catalogue's, and search's).
            !table.contains("_search") && !table.hasPrefix("search_") && Self.notExported[table] == nil
                && sql.firstMatch(of: try! Regex("\\b\(table)\\b")) == nil
        }
        #expect(missing.sorted() == [], "tables no export kind reads")
    }
}
