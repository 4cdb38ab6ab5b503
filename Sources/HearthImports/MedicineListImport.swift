import Foundation
import HearthCore

/// The public lists of medicines and supplements, as CSV: the drug-permit list (의약품 제품
/// 허가정보: ITEM_SEQ, ITEM_NAME, ENTP_NAME, ITEM_INGR_NAME, SPCLTY_PBLC, PRDUCT_TYPE … or
/// their Korean labels) and the health-supplement product list (건강기능식품 품목제조신고:
/// PRDLST_REPORT_NO, PRDLST_NM, BSSH_NM, PRDT_SHAP_CD_NM, NTK_MTHD …). Which list a file is
/// is read from its header; UTF-8 or CP949.
public enum MedicineListImport {
    public struct Result: Sendable {
        public var items: [ListedMedicine] = []
        public var kind: MedicineInput.Kind = .medicine
        /// Line number in the file and what was wrong (the first thousand).
        public var badRows: [(line: Int, problem: RowProblem)] = []
        public var badRowCount = 0
        /// Good rows handed on.
        public var rowsRead = 0
    }

    public enum Problem: Error, Equatable {
        /// Neither list's columns: the names it looked for.
        case notAList
        case csv(CSVProblem)
    }

    /// Each field's names in either list, codes first.
    static let drugColumns: [String: [String]] = [
        "key": ["ITEM_SEQ", "품목기준코드", "품목일련번호"], "name": ["ITEM_NAME", "품목명"], "company": ["ENTP_NAME", "업체명"],
        "ingredients": ["ITEM_INGR_NAME", "주성분", "성분명", "MATERIAL_NAME", "원료성분"], "prescription": ["SPCLTY_PBLC", "전문일반", "전문일반구분"],
        "classification": ["PRDUCT_TYPE", "분류명", "제품유형"], "purpose": ["EE_DOC_DATA", "효능효과"], "how_to_take": ["UD_DOC_DATA", "용법용량"],
        "warnings": ["NB_DOC_DATA", "주의사항"], "form": ["CHART", "성상"],
    ]
    static let supplementColumns: [String: [String]] = [
        "key": ["PRDLST_REPORT_NO", "품목제조번호"], "name": ["PRDLST_NM", "품목명"], "company": ["BSSH_NM", "업소명"],
        "form": ["PRDT_SHAP_CD_NM", "제품형태"], "how_to_take": ["NTK_MTHD", "섭취방법"], "purpose": ["PRIMARY_FNCLTY", "주된기능성"],
        "warnings": ["IFTKN_ATNT_MATR_CN", "섭취시주의사항"], "ingredients": ["RAWMTRL_NM", "원재료"],
    ]

    /// The whole list in memory: for tests and small files.
    public static func read(_ data: Data) throws -> Result {
        var items: [ListedMedicine] = []
        var seen = Set<String>()
        var result = try read(rows: { try CSVReader.forEachRow(data: data, limit: ImportLimits.medicineListBytes, $0) }) { item in
            guard seen.insert(item.key).inserted else { return false }
            items.append(item)
            return true
        }
        result.items = items
        return result
    }

    /// Reads the list from disk a row at a time, handing each good item to `write` (false: an
    /// item this import already wrote). `result.items` stays empty: memory is one row, whatever
    /// the list's size. Bad rows are counted, the first thousand kept with their reasons.
    public static func read(path: String, write: (ListedMedicine) throws -> Bool) throws -> Result {
        try read(rows: { try CSVReader.forEachRow(path: path, limit: ImportLimits.medicineListBytes, $0) }, write: write)
    }

    private static func read(rows: ((Int, [String]) throws -> Void) throws -> Void, write given: (ListedMedicine) throws -> Bool) throws -> Result {
        try withoutActuallyEscaping(given) { write in try read(rows: rows, escaping: write) }
    }

    private static func read(rows: ((Int, [String]) throws -> Void) throws -> Void, escaping write: @escaping (ListedMedicine) throws -> Bool) throws -> Result
    {
        var result = Result()
        var header: [String]?
        var key: Int?, company: Int?
        var indexOf: [String: Int] = [:]
        func bad(_ line: Int, _ problem: RowProblem) {
            result.badRowCount += 1
            if result.badRows.count < 1000 { result.badRows.append((line, problem)) }
        }
        do {
            try rows { line, row in
                guard let header else {
                    let names = row.map { $0.trimmingCharacters(in: .whitespaces) }
                    let isSupplements = ["PRDLST_NM", "BSSH_NM", "업소명", "PRDLST_REPORT_NO", "품목제조번호"].contains(where: names.contains)
                    let columns = isSupplements ? supplementColumns : drugColumns
                    for (field, candidates) in columns { indexOf[field] = candidates.lazy.compactMap { names.firstIndex(of: $0) }.first }
                    guard indexOf["name"] != nil, isSupplements || indexOf["company"] != nil || indexOf["key"] != nil else { throw Problem.notAList }
                    (key, company) = (indexOf["key"], indexOf["company"])
                    result.kind = isSupplements ? .supplement : .medicine
                    header = names
                    return
                }
                guard row.count == header.count else {
                    bad(line, .fieldCount(row.count, header: header.count))
                    return
                }
                if let field = row.indices.first(where: { !FormInput.isTypeable(row[$0]) }) {
                    bad(line, .controlCharacters(in: header[field]))
                    return
                }
                func field(_ index: Int?) -> String? {
                    guard let index else { return nil }
                    let value = row[index].trimmingCharacters(in: .whitespacesAndNewlines)
                    return value.isEmpty ? nil : value
                }
                guard let itemName = field(indexOf["name"]) else {
                    bad(line, .missing(header[indexOf["name"] ?? 0]))
                    return
                }
                // The list's number is what makes importing again an update: a row without it, in a
                // file that has the column, would come back as a second item.
                if let key, field(key) == nil {
                    bad(line, .missing(header[key]))
                    return
                }
                let identity = field(key) ?? "\(itemName)|\(field(company) ?? "")"
                let listKey = (result.kind == .supplement ? "supplement:" : "drug:") + identity
                let kind = field(indexOf["prescription"])
                let item = ListedMedicine(
                    key: listKey,
                    medicine: MedicineInput(
                        kind: result.kind, name: itemName, company: field(company), ingredients: field(indexOf["ingredients"]),
                        classification: field(indexOf["classification"]), form: field(indexOf["form"]),
                        prescription: kind.map { $0.contains("전문") }, purpose: field(indexOf["purpose"]), howToTake: field(indexOf["how_to_take"]),
                        warnings: field(indexOf["warnings"])))
                // The same limits as the medicine form, so an imported item can be edited and saved.
                let texts = [
                    ("name", itemName), ("company", item.medicine.company), ("ingredients", item.medicine.ingredients),
                    ("classification", item.medicine.classification), ("form", item.medicine.form), ("purpose", item.medicine.purpose),
                    ("how_to_take", item.medicine.howToTake), ("warnings", item.medicine.warnings),
                ]
                // Bytes first: a row of the national list is settled without counting characters.
                if let (name, value) = texts.first(where: { name, value in
                    let most = FieldLimits.characters(name)
                    return value.map { $0.utf8.count > most && $0.count > most } ?? false
                }) {
                    bad(line, .tooLong(header[indexOf[name] ?? 0], length: value?.count ?? 0, limit: FieldLimits.characters(name)))
                    return
                }
                if try write(item) { result.rowsRead += 1 } else { bad(line, .sameItem) }
            }
        } catch let problem as CSVProblem {
            throw Problem.csv(problem)
        }
        guard header != nil else { throw Problem.notAList }
        return result
    }
}
