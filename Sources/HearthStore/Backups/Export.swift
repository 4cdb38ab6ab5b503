import Foundation
import GRDB
import HearthCore

/// The household's records in open formats, for a spreadsheet or another program: one CSV
/// per kind, one JSON document holding every kind, and an iCalendar file of the records and
/// what is due. Each kind is one query, so the CSV columns and the JSON fields are the same
/// names (documented in the README under "Export"). Deleted records are left out.
public struct HouseholdExport: Sendable {
    public static let format = "hearth-export"
    public static let version = 1
    /// Said in the export's head.
    public static let leftOut = "Deleted records (the bin) and the history of changes are not exported; a backup keeps both."

    let database: AppDatabase
    /// What it holds: every area's kinds (each area's are in its own folder, `<Area>Export.swift`,
    /// handed over by the area).
    public let kinds: [ExportKind]

    public init(_ database: AppDatabase, kinds: [ExportKind]) { (self.database, self.kinds) = (database, kinds) }

    /// A record's common columns: which record, whose, when, and who wrote it.
    static let entryColumns = """
        e.id AS record_id, e.subject_id, s.name AS subject, strftime('%Y-%m-%dT%H:%M:%SZ', e.occurred_at) AS occurred_at, e.local_date, e.note, a.display_name AS written_by
        """
    static func entries(_ kind: String, _ table: String, _ columns: String, extraJoin: String = "") -> String {
        """
        SELECT \(entryColumns), \(columns)
        FROM entry e JOIN subject s ON s.id = e.subject_id JOIN \(table) x ON x.entry_id = e.id
        LEFT JOIN account a ON a.id = e.created_by \(extraJoin)
        WHERE e.deleted_at IS NULL AND e.kind = '\(kind)' ORDER BY e.occurred_at, e.id
        """
    }
    static let photos = "(SELECT group_concat(photo_sha, ' ') FROM (SELECT photo_sha FROM entry_photo WHERE entry_id = e.id ORDER BY position)) AS photos"

    /// A CSV file: UTF-8 with a byte-order mark (so spreadsheet programs read Korean as
    /// Korean), CRLF lines, fields quoted when they hold a comma, quote or line break.
    public func csv(_ kind: String) throws -> Data {
        var data = Data()
        try writeCSV(kind) { data.append($0) }
        return data
    }

    /// The same CSV, row by row into `sink`: memory stays flat whatever the household's size.
    public func writeCSV(_ kind: String, to sink: @escaping (Data) throws -> Void) throws {
        guard let query = kinds.first(where: { $0.name == kind }) else { return }
        try database.read { db in
            let statement = try db.makeStatement(sql: query.sql)
            var out = ChunkedOutput(sink)
            out.append("\u{FEFF}" + statement.columnNames.map(Self.csvField).joined(separator: ",") + "\r\n")
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                out.append(row.databaseValues.map { Self.csvField(Self.plain($0)) }.joined(separator: ",") + "\r\n")
                try out.flushIfFull()
            }
            try out.flush()
        }
    }

    static func csvField(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    private static func plain(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: ""
        case .int64(let number): String(number)
        case .double(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text): spreadsheetSafe(text)
        case .blob(let data): data.base64EncodedString()
        }
    }

    /// Text a spreadsheet would run as a formula (`=HYPERLINK(…)` typed in a note or brought in
    /// by a public register) starts with a `'`, as OWASP advises: shown as typed, never run.
    /// Numbers are written as numbers, so a negative one stays a number.
    static func spreadsheetSafe(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    /// The whole household in one JSON document:
    /// `{"exported_at", "format": "hearth-export", "household": {…}, "left_out", "kinds": {"clinics": [{…}], …}, "version": 1}`.
    public func json(now: Date = Date()) throws -> Data {
        var data = Data()
        try writeJSON(now: now) { data.append($0) }
        return data
    }

    /// The same document written as it is read, one row at a time, keys in order: the demo
    /// household's export once held an event loop for 21 s and took 2.9 GB built whole.
    public func writeJSON(now: Date = Date(), to sink: @escaping (Data) throws -> Void) throws {
        try database.read { db in
            var out = ChunkedOutput(sink)
            out.append(
                "{\n\"exported_at\": \(JSONText.string(ISO8601DateFormatter().string(from: now))),\n\"format\": \(JSONText.string(Self.format)),\n\"household\": "
            )
            if let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT name, time_zone, language, weight_unit, volume_unit, currency, home_latitude, home_longitude FROM household"))
            {
                out.append(JSONText.object(Array(row.columnNames), Array(row.databaseValues)))
            } else {
                out.append("{}")
            }
            // What a reader might look for and not find: deleted records wait in the bin, and the
            // history of changes is the household's own; a backup keeps both.
            out.append(",\n\"left_out\": \(JSONText.string(Self.leftOut))")
            out.append(",\n\"kinds\": {")
            for (index, kind) in kinds.sorted(by: { $0.name < $1.name }).enumerated() {
                out.append((index == 0 ? "\n" : ",\n") + JSONText.string(kind.name) + ": [")
                let statement = try db.makeStatement(sql: kind.sql)
                let columns = statement.columnNames
                let rows = try Row.fetchCursor(statement)
                var first = true
                while let row = try rows.next() {
                    out.append((first ? "\n" : ",\n") + JSONText.object(columns, Array(row.databaseValues)))
                    first = false
                    try out.flushIfFull()
                }
                out.append("]")
            }
            out.append("\n},\n\"version\": \(Self.version)\n}\n")
            try out.flush()
        }
    }

    /// What the calendar file says of a record and of a care item due, in the reader's language
    /// (the web and the command line give their own words).
    public struct CalendarWords: Sendable {
        public let record: @Sendable (StoredEntry) -> (summary: String, detail: String)
        public let due: @Sendable (CareDue.What) -> String

        public init(record: @escaping @Sendable (StoredEntry) -> (summary: String, detail: String), due: @escaping @Sendable (CareDue.What) -> String) {
            (self.record, self.due) = (record, due)
        }
    }

    /// Every record as a timed event and every care item due as an all-day event, for a
    /// calendar program: the household's history at a glance.
    public func ics(zone: TimeZone, words: CalendarWords, now: Date = Date()) throws -> String {
        let today = LocalDate(now, in: zone)
        let (records, names, due, name) = try database.read { db in
            (
                try EntryRepository.fetch(db, where: "e.deleted_at IS NULL", arguments: [], limit: Int.max).reversed(),
                Dictionary(
                    uniqueKeysWithValues: try Row.fetchAll(db.cachedStatement(sql: "SELECT id, name FROM subject")).map { ($0[0] as Int64, $0[1] as String) }),
                try CareRepository.due(access: .everyone, today: today, db),
                try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM household")) ?? "Hearth"
            )
        }
        var out = ICalendarWriter()
        out.begin("VCALENDAR")
        out.line("VERSION", "2.0")
        out.line("PRODID", "-//Hearth//Household care log//EN")
        out.text("X-WR-CALNAME", name)
        let stamp = ICalendarWriter.utc(now)
        for entry in records {
            let said = words.record(entry)
            out.begin("VEVENT")
            out.line("UID", "record-\(entry.id)@hearth")
            out.line("DTSTAMP", stamp)
            out.line("DTSTART", ICalendarWriter.utc(entry.occurredAt))
            out.text(
                "SUMMARY", [names[entry.subjectID].map { "\($0): \(said.summary)" } ?? said.summary, said.detail].filter { !$0.isEmpty }.joined(separator: " "))
            if let note = entry.note, !note.isEmpty { out.text("DESCRIPTION", note) }
            out.line("CATEGORIES", entry.kind.rawValue.uppercased())
            out.end("VEVENT")
        }
        for item in due {
            out.begin("VEVENT")
            out.line("UID", "due-\(item.subjectID)-\(item.date)-\(Self.label(item.what).stableHash)@hearth")
            out.line("DTSTAMP", stamp)
            out.line("DTSTART;VALUE=DATE", ICalendarWriter.date(item.date))
            out.text("SUMMARY", "\(item.subjectName): \(words.due(item.what))")
            out.line("TRANSP", "TRANSPARENT")
            out.end("VEVENT")
        }
        out.end("VCALENDAR")
        return out.text
    }

    /// What the UID is made from: stable whatever the language the file is written in.
    private static func label(_ what: CareDue.What) -> String {
        switch what {
        case .vaccine(_, let name, _): name
        case .preventive(let kind, let product): product ?? "\(kind)"
        case .followUp(let reason): "vet follow-up" + (reason.map { ": \($0)" } ?? "")
        }
    }
}

/// One kind of the export: its name (the CSV file's, the JSON document's key) and the query
/// that reads it, whose columns are the fields.
public typealias ExportKind = (name: String, sql: String)

/// Text gathered into chunks of about a megabyte before it goes to its sink.
struct ChunkedOutput {
    private var buffer = Data()
    private let sink: (Data) throws -> Void

    init(_ sink: @escaping (Data) throws -> Void) { self.sink = sink }

    mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    mutating func flushIfFull() throws {
        if buffer.count >= 1 << 20 { try flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// JSON written by hand, for a document too large to build in memory first.
enum JSONText {
    /// An object with its keys in order, as `JSONSerialization`'s `.sortedKeys` writes them.
    static func object(_ keys: [String], _ values: [DatabaseValue]) -> String {
        let pairs = zip(keys, values).sorted { $0.0 < $1.0 }
        return "{" + pairs.map { string($0.0) + ": " + value($0.1) }.joined(separator: ", ") + "}"
    }

    static func value(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "null"
        case .int64(let number): String(number)
        case .double(let number): number.isFinite ? "\(number)" : "null"
        case .string(let text): string(text)
        case .blob(let data): string(data.base64EncodedString())
        }
    }

    static func string(_ text: String) -> String { JSONString.quoted(text) }
}
