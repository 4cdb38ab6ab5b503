import Foundation
import GRDB
import HearthCore

/// One word of a search, with the codes whose labels (in the member's language) hold it:
/// "노란" carries `pets.colour.yellow` because 노란색 is that colour's name.
public struct SearchTerm: Sendable, Equatable {
    public let text: String
    /// Label keys (`pets.colour.yellow`).
    public let keys: [String]

    public init(text: String, keys: [String] = []) { (self.text, self.keys) = (text, keys) }
}

/// What a search is narrowed to.
public struct SearchFilter: Sendable, Equatable {
    public var subjectID: Int64?
    public var kind: EntryKind?
    public var from: LocalDate?
    public var to: LocalDate?

    public init(subjectID: Int64? = nil, kind: EntryKind? = nil, from: LocalDate? = nil, to: LocalDate? = nil) {
        (self.subjectID, self.kind, self.from, self.to) = (subjectID, kind, from, to)
    }
}

/// The records a search finds, newest first.
public struct SearchRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// The prefixes of the label keys a record's codes come from, for the page to match the
    /// member's words against.
    public static var labelPrefixes: [String] { SearchIndex.labelPrefixes }

    /// The FTS5 expression: every term required, each found in the words typed or as a code.
    static func match(_ terms: [SearchTerm]) -> String? {
        let parts = terms.compactMap { term -> String? in
            let choices = [SearchText.query(term.text)].compactMap { $0 } + term.keys.map { "codes : \"\(SearchIndex.code($0))\"" }
            return choices.isEmpty ? nil : "(" + choices.joined(separator: " OR ") + ")"
        }
        return parts.isEmpty ? nil : parts.joined(separator: " AND ")
    }

    /// At most `limit` records older than `before` (a cursor this returned), and the cursor
    /// of the next page when there are more.
    public func records(
        _ terms: [SearchTerm], access: SubjectAccess, filter: SearchFilter, timeZone: TimeZone, before: Int64? = nil, limit: Int
    ) throws -> (entries: [StoredEntry], older: Int64?) {
        guard let match = Self.match(terms) else { return ([], nil) }
        var sql = "SELECT rowid, entry_id FROM search_doc WHERE search_doc MATCH ?"
        var arguments: [any DatabaseValueConvertible] = [match]
        if case .only(let ids) = access {
            sql += " AND subject_id IN (SELECT value FROM json_each(?))"
            arguments.append("[" + ids.map(String.init).joined(separator: ",") + "]")
        }
        if let subject = filter.subjectID {
            sql += " AND subject_id = ?"
            arguments.append(subject)
        }
        if let kind = filter.kind {
            sql += " AND kind = ?"
            arguments.append(kind.rawValue)
        }
        if let from = filter.from {
            sql += " AND rowid >= ?"
            arguments.append(SearchIndex.rowid(at: from.midnight(in: timeZone)))
        }
        var ceiling = filter.to.map { SearchIndex.rowid(at: $0.adding(days: 1).midnight(in: timeZone)) }
        if let before { ceiling = min(ceiling ?? before, before) }
        if let ceiling {
            sql += " AND rowid < ?"
            arguments.append(ceiling)
        }
        sql += " ORDER BY rowid DESC LIMIT ?"
        arguments.append(limit + 1)
        return try database.read { db in
            let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments))
            let shown = rows.prefix(limit)
            let ids = shown.map { $0[1] as Int64 }
            let entries = try EntryRepository.fetch(
                db, where: "e.id IN (SELECT value FROM json_each(?)) AND e.deleted_at IS NULL", arguments: IDList(ids: ids).argument, limit: limit)
            return (entries, rows.count > limit ? shown.last.map { $0[0] as Int64 } : nil)
        }
    }
}
