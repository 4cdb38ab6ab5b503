import Foundation
import HearthCore

/// The pill-identification list as CSV (UTF-8 or CP949), columns by the API's names or the
/// file's Korean ones (ITEM_SEQ/품목일련번호, PRINT_FRONT/표시앞, DRUG_SHAPE/의약품제형,
/// COLOR_CLASS1/색상앞 …). Told from the other lists by its print columns.
public enum PillListImport {
    public struct Result: Sendable {
        /// Read whole only (`read(data:)`).
        public var pills: [IdentifiedPill] = []
        public var badRows: [(line: Int, problem: RowProblem)] = []
        public var badRowCount = 0
    }

    static let columns: [String: [String]] = [
        "seq": ["ITEM_SEQ", "품목일련번호"], "name": ["ITEM_NAME", "품목명"], "company": ["ENTP_NAME", "업소명", "업체명"],
        "print_front": ["PRINT_FRONT", "표시앞"], "print_back": ["PRINT_BACK", "표시뒤"], "shape": ["DRUG_SHAPE", "의약품제형"],
        "colour_front": ["COLOR_CLASS1", "색상앞"], "colour_back": ["COLOR_CLASS2", "색상뒤"], "line_front": ["LINE_FRONT", "분할선앞"],
        "line_back": ["LINE_BACK", "분할선뒤"], "form": ["FORM_CODE_NAME", "제형코드명"], "long": ["LENG_LONG", "크기장축"], "short": ["LENG_SHORT", "크기단축"],
    ]

    public static func isPillList(header: [String]) -> Bool {
        let names = header.map { $0.trimmingCharacters(in: .whitespaces) }
        return ["PRINT_FRONT", "표시앞"].contains(where: names.contains) && ["ITEM_SEQ", "품목일련번호"].contains(where: names.contains)
    }

    public static func isPillList(path: String) -> Bool { PublicListRows.header(path: path).map(isPillList(header:)) ?? false }

    /// The file read whole (a test's few rows): its pills in the result.
    public static func read(data: Data) throws -> Result {
        var pills: [IdentifiedPill] = []
        var result = try read(PublicListRows.forEachRow(data: data)) { pills.append($0) }
        result.pills = pills
        return result
    }

    /// The file a row at a time: each good pill handed to `add` as it is read.
    public static func read(path: String, add: (IdentifiedPill) throws -> Void) throws -> Result {
        try read(PublicListRows.forEachRow(path: path), add: add)
    }

    private static func read(_ rows: ((Int, [String]) throws -> Void) throws -> Void, add: (IdentifiedPill) throws -> Void) throws -> Result {
        var result = Result()
        var seen = Set<String>()
        var reader = PublicListRows()
        try reader.read(
            rows,
            columns: { names in
                guard isPillList(header: names), columns["name"]!.contains(where: names.contains) else { throw MedicineListImport.Problem.notAList }
                return columns
            },
            row: { _, fields in
                // The list writes "-" for "nothing printed".
                func field(_ name: String) -> String? { fields(name).flatMap { $0 == "-" ? nil : String($0.prefix(500)) } }
                guard let seq = field("seq") else { return .missing(fields.column("seq")) }
                guard let name = field("name") else { return .missing(fields.column("name")) }
                guard seen.insert(seq).inserted else { return .sameNumber(fields.column("seq")) }
                let size = [field("long"), field("short")].compactMap { $0 }.joined(separator: " × ")
                try add(
                    IdentifiedPill(
                        itemSeq: seq, name: name, company: field("company"), printFront: field("print_front"), printBack: field("print_back"),
                        shape: field("shape"), colourFront: field("colour_front"), colourBack: field("colour_back"), lineFront: field("line_front"),
                        lineBack: field("line_back"), form: field("form"), size: size.isEmpty ? nil : size))
                return nil
            })
        (result.badRows, result.badRowCount) = (reader.badRows, reader.badRowCount)
        return result
    }
}
