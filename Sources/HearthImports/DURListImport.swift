import Foundation
import HearthCore

/// The public DUR lists as CSV (UTF-8 or CP949, columns found by name, as the drug-permit
/// list is): the ingredient pairs not to be given together (병용금기: DUR성분명,
/// 병용금기DUR성분명, 금기내용, 고시일자 … or the API's INGR_KOR_NAME, MIXTURE_INGR_KOR_NAME,
/// PROHBT_CONTENT, NOTIFICATION_DATE) and the cautions for older people (노인주의: the same
/// first ingredient without a second). Which list a file is, is read from its header.
public enum DURListImport {
    public typealias List = DURList

    public struct Result: Sendable {
        public var list: List = .pairs
        /// Read whole only (`read(data:)`); a file read a row at a time hands them over instead.
        public var pairs: [DURPair] = []
        public var cautions: [DURCaution] = []
        public var badRows: [(line: Int, problem: RowProblem)] = []
        public var badRowCount = 0
        /// Rows the list itself marks as withdrawn (삭제여부 Y): left out.
        public var withdrawn = 0
    }

    static let columns: [String: [String]] = [
        "code": ["DUR성분코드", "INGR_CODE", "성분코드"],
        "name": ["DUR성분명", "DUR성분", "INGR_KOR_NAME", "INGR_NAME", "성분명"],
        "english": ["DUR성분명영문", "DUR성분영문명", "INGR_ENG_NAME", "성분명영문"],
        "second_code": ["병용금기DUR성분코드", "MIXTURE_INGR_CODE", "병용금기성분코드"],
        "second_name": ["병용금기DUR성분명", "병용금기DUR성분", "MIXTURE_INGR_KOR_NAME", "병용금기성분명"],
        "second_english": ["병용금기DUR성분명영문", "병용금기DUR성분영문명", "MIXTURE_INGR_ENG_NAME", "병용금기성분명영문"],
        "content": ["금기내용", "PROHBT_CONTENT", "주의내용", "상세정보"],
        "notified": ["고시일자", "NOTIFICATION_DATE", "공고일자"],
        "withdrawn": ["삭제여부", "DEL_YN"],
    ]

    /// Whether a file whose first row is `header` is one of the DUR lists (and which).
    public static func list(header: [String]) -> List? {
        let names = header.map { $0.trimmingCharacters(in: .whitespaces) }
        func has(_ field: String) -> Bool { columns[field]!.contains(where: names.contains) }
        // "성분명" alone is also the permit list's: a DUR list says DUR, or has the pair's second side.
        guard has("second_name") || names.contains(where: { $0.hasPrefix("DUR") || $0.hasPrefix("INGR_") }) else { return nil }
        guard has("name") else { return nil }
        return has("second_name") ? .pairs : .elderly
    }

    /// Which DUR list the file at `path` is, from its first row; nil when it is none (or unreadable).
    public static func list(path: String) -> List? { PublicListRows.header(path: path).flatMap(list(header:)) }

    /// A date the list writes as `20240610` or `2024-06-10`, as `2024-06-10`; else as written.
    static func day(_ text: String?) -> String? {
        guard let text else { return nil }
        // ASCII digits only: a full-width `２０２４` is a number to Character but not to Int.
        let digits = text.filter { $0.isASCII && $0.isNumber }
        if digits.count == 8, let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)), let dayOfMonth = Int(digits.suffix(2)),
            let day = LocalDate(year: year, month: month, day: dayOfMonth)
        {
            return day.description
        }
        return text
    }

    /// The file read whole (a test's few rows): its pairs and cautions in the result.
    public static func read(data: Data) throws -> Result {
        var pairs: [DURPair] = [], cautions: [DURCaution] = []
        var result = try read(PublicListRows.forEachRow(data: data), pair: { pairs.append($0) }, caution: { cautions.append($0) })
        (result.pairs, result.cautions) = (pairs, cautions)
        return result
    }

    /// The file a row at a time: each good row handed to `pair` or `caution` as it is read (so
    /// a list of any size is never held whole); the result says which list and what was wrong.
    public static func read(path: String, pair: (DURPair) throws -> Void, caution: (DURCaution) throws -> Void) throws -> Result {
        try read(PublicListRows.forEachRow(path: path), pair: pair, caution: caution)
    }

    private static func read(
        _ rows: ((Int, [String]) throws -> Void) throws -> Void, pair add: (DURPair) throws -> Void, caution addCaution: (DURCaution) throws -> Void
    ) throws -> Result {
        var result = Result()
        var seen = Set<String>()
        var reader = PublicListRows()
        try reader.read(
            rows,
            columns: { names in
                guard let list = list(header: names) else { throw MedicineListImport.Problem.notAList }
                result.list = list
                return columns
            },
            row: { _, field in
                if let withdrawn = field("withdrawn"), ["Y", "y", "예"].contains(withdrawn) {
                    result.withdrawn += 1
                    return nil
                }
                guard let name = field("name") else { return .missing(field.column("name")) }
                let limit = FieldLimits.characters("warnings")
                if let column = ["content", "name", "second_name"].first(where: { (field($0)?.count ?? 0) > limit }) {
                    return .tooLong(field.column(column), length: field(column)!.count, limit: limit)
                }
                let first = DURIngredient(code: field("code"), name: name, english: field("english"))
                switch result.list {
                case .pairs:
                    guard let second = field("second_name") else { return .missing(field.column("second_name")) }
                    let pair = DURPair(
                        first: first, second: DURIngredient(code: field("second_code"), name: second, english: field("second_english")),
                        content: field("content"), notified: day(field("notified")))
                    guard seen.insert(pair.key).inserted else { return .sameItem }
                    try add(pair)
                case .elderly:
                    let caution = DURCaution(ingredient: first, content: field("content"), notified: day(field("notified")))
                    guard seen.insert(caution.key).inserted else { return .sameItem }
                    try addCaution(caution)
                }
                return nil
            })
        (result.badRows, result.badRowCount) = (reader.badRows, reader.badRowCount)
        return result
    }
}
