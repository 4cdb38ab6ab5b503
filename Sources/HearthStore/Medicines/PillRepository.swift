import Foundation
import GRDB
import HearthCore

/// A pill found by what it looks like, with the catalogue's item for it (when the drug list
/// holds it) and the household's regimens that give that item.
public struct FoundPill: Sendable, Equatable {
    public let pill: IdentifiedPill
    public let medicineID: Int64?
    public let regimens: [(id: Int64, name: String, subjectName: String)]

    public static func == (a: FoundPill, b: FoundPill) -> Bool {
        a.pill == b.pill && a.medicineID == b.medicineID && a.regimens.map(\.id) == b.regimens.map(\.id)
    }
}

/// The imported pill-identification list, and finding a loose pill in it.
public struct PillRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// Replaces the list with the pills `produce` hands over as its file is read, a batch a
    /// transaction (`AppDatabase.writeInBatches`); once the last is in, a pill the new list no
    /// longer has is gone. A list cut short keeps the pills written before. Returns how many it holds.
    public func replace(now: Date = Date(), _ produce: @escaping @Sendable (_ add: (IdentifiedPill) throws -> Void) throws -> Void) async throws -> Int {
        try await PublicListWrite.replace(
            "pill", list: "pills", in: database, now: now, produce,
            write: { db, pills in
                let insert = try db.cachedStatement(
                    sql: """
                        INSERT OR REPLACE INTO pill (item_seq, name, company, print_front, print_back, shape, colour_front, colour_back, line_front, line_back,
                            form, size, words, imported_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """)
                for pill in pills {
                    try insert.execute(
                        arguments: [
                            pill.itemSeq, pill.name, pill.company, pill.printFront, pill.printBack, pill.shape, pill.colourFront, pill.colourBack,
                            pill.lineFront, pill.lineBack, pill.form, pill.size, Self.words(pill), now,
                        ])
                }
            })
    }

    /// What a search looks in: each field apart (so "YH" never spans the front and the back),
    /// lower-cased, spaces taken out of prints ("YH 5" is printed as one mark).
    static func words(_ pill: IdentifiedPill) -> String {
        let prints = [pill.printFront, pill.printBack].compactMap { $0 }.map { $0.lowercased().filter { !$0.isWhitespace } }
        let rest = [pill.shape, pill.colourFront, pill.colourBack, pill.lineFront, pill.lineBack, pill.form, pill.name, pill.company].compactMap { $0 }
            .map { $0.lowercased() }
        return "|" + (prints + rest).joined(separator: "|") + "|"
    }

    /// The pills whose print, shape, colour or name hold every word typed ("하양 원형 YH"),
    /// the product's name in order, at most `limit`; with the regimens of the subjects the member may see. A colour is written as the list writes it
    /// (하양, 노랑, 분홍 …); "흰색" and "white" are read as 하양, and so on.
    public func find(_ query: String, access: SubjectAccess, limit: Int = 30) throws -> (pills: [FoundPill], listed: Int, importedAt: Date?) {
        // A shape or a colour is the whole field (원형 is not 타원형); anything else is found inside one (a worn print).
        let terms = query.split(whereSeparator: \.isWhitespace).prefix(6).map { word in
            let term = Self.listWord(String(word).lowercased())
            return Self.wholeWords.contains(term) ? "|\(term)|" : term
        }
        return try database.read { db in
            let listed = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM pill")) ?? 0
            let importedAt = try Date.fetchOne(db.cachedStatement(sql: "SELECT imported_at FROM dur_import WHERE list = 'pills'"))
            guard !terms.isEmpty else { return ([], listed, importedAt) }
            let condition = terms.map { _ in "instr(words, ?) > 0" }.joined(separator: " AND ")
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT p.item_seq, p.name, p.company, p.print_front, p.print_back, p.shape, p.colour_front, p.colour_back, p.line_front, p.line_back,
                        p.form, p.size, m.id
                    FROM pill p LEFT JOIN medicine m ON m.list_key = 'drug:' || p.item_seq
                    WHERE \(condition) ORDER BY p.name LIMIT ?
                    """, arguments: StatementArguments(terms + [String(limit)]))
            return (
                try rows.map { row in
                    let medicineID: Int64? = row[12]
                    let regimens =
                        try medicineID.map { id in
                            try Row.fetchAll(
                                db.cachedStatement(
                                    sql: """
                                        SELECT DISTINCT r.id, r.name, s.name FROM regimen_item i JOIN regimen r ON r.id = i.regimen_id JOIN subject s ON s.id = r.subject_id
                                        WHERE i.medicine_id = ? AND i.removed_on IS NULL AND r.deleted_at IS NULL AND s.archived_at IS NULL
                                            AND \(access.sqlCondition("r.subject_id")) ORDER BY s.name, r.name
                                        """), arguments: [id]
                            ).map { (id: $0[0] as Int64, name: $0[1] as String, subjectName: $0[2] as String) }
                        } ?? []
                    return FoundPill(
                        pill: IdentifiedPill(
                            itemSeq: row[0], name: row[1], company: row[2], printFront: row[3], printBack: row[4], shape: row[5], colourFront: row[6],
                            colourBack: row[7], lineFront: row[8], lineBack: row[9], form: row[10], size: row[11]),
                        medicineID: medicineID, regimens: regimens)
                }, listed, importedAt
            )
        }
    }

    /// Colours and shapes as people say them, in the list's own words.
    static let listWords: [String: String] = [
        "흰색": "하양", "흰": "하양", "white": "하양", "노란색": "노랑", "노란": "노랑", "yellow": "노랑", "빨간색": "빨강", "빨간": "빨강", "red": "빨강",
        "분홍색": "분홍", "pink": "분홍", "주황색": "주황", "orange": "주황", "초록색": "초록", "green": "초록", "파란색": "파랑", "파란": "파랑", "blue": "파랑",
        "갈색": "갈색", "brown": "갈색", "검은색": "검정", "검정색": "검정", "black": "검정", "회색": "회색", "gray": "회색", "grey": "회색",
        "보라색": "보라", "purple": "보라", "동그란": "원형", "round": "원형", "둥근": "원형", "oval": "타원형", "타원": "타원형", "장방형": "장방형",
        "oblong": "장방형", "캡슐": "캡슐", "capsule": "캡슐",
    ]

    static func listWord(_ word: String) -> String { listWords[word] ?? word }

    /// The list's own shapes and colours.
    static let wholeWords: Set<String> = [
        "원형", "타원형", "장방형", "반원형", "삼각형", "사각형", "마름모형", "오각형", "육각형", "팔각형", "기타", "하양", "노랑", "주황", "분홍", "빨강", "갈색",
        "연두", "초록", "청록", "파랑", "남색", "자주", "보라", "회색", "검정", "투명",
    ]
}
