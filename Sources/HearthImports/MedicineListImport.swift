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
        /// Line number in the file and what was wrong.
        public var badRows: [(line: Int, problem: String)] = []
    }

    public enum Problem: Error, Equatable {
        /// Neither list's columns: the names it looked for.
        case notAList
        case tooLarge
    }

    static let largestFile = 256 * 1024 * 1024

    /// Each field's names in either list, codes first.
    static let drugColumns: [String: [String]] = [
        "key": ["ITEM_SEQ", "품목기준코드", "품목일련번호"], "name": ["ITEM_NAME", "품목명"], "company": ["ENTP_NAME", "업체명"],
        "ingredients": ["ITEM_INGR_NAME", "주성분", "성분명", "MATERIAL_NAME", "원료성분"], "prescription": ["SPCLTY_PBLC", "전문일반", "전문일반구분"],
        "classification": ["PRDUCT_TYPE", "분류명", "제품유형"], "purpose": ["EE_DOC_DATA", "효능효과"], "how": ["UD_DOC_DATA", "용법용량"],
        "warnings": ["NB_DOC_DATA", "주의사항"], "form": ["CHART", "성상"],
    ]
    static let supplementColumns: [String: [String]] = [
        "key": ["PRDLST_REPORT_NO", "품목제조번호"], "name": ["PRDLST_NM", "품목명"], "company": ["BSSH_NM", "업소명"],
        "form": ["PRDT_SHAP_CD_NM", "제품형태"], "how": ["NTK_MTHD", "섭취방법"], "purpose": ["PRIMARY_FNCLTY", "주된기능성"],
        "warnings": ["IFTKN_ATNT_MATR_CN", "섭취시주의사항"], "ingredients": ["RAWMTRL_NM", "원재료"],
    ]

    public static func read(_ data: Data) throws -> Result {
        guard data.count <= largestFile else { throw Problem.tooLarge }
        let rows = CSV.rows(TextEncoding.decodeUTF8OrCP949(data))
        guard let header = rows.first?.map({ $0.trimmingCharacters(in: .whitespaces) }) else { throw Problem.notAList }
        let isSupplements = ["PRDLST_NM", "BSSH_NM", "업소명", "PRDLST_REPORT_NO", "품목제조번호"].contains(where: header.contains)
        let columns = isSupplements ? supplementColumns : drugColumns
        func index(_ field: String) -> Int? { columns[field]?.lazy.compactMap { header.firstIndex(of: $0) }.first }
        guard let name = index("name"), isSupplements || index("company") != nil || index("key") != nil else { throw Problem.notAList }
        let key = index("key"), company = index("company")

        var result = Result()
        result.kind = isSupplements ? .supplement : .medicine
        var seen = Set<String>()
        for (offset, row) in rows.dropFirst().enumerated() where !(row.count == 1 && row[0].isEmpty) {
            let line = offset + 2
            guard row.count == header.count else { result.badRows.append((line, "\(row.count) fields where the header has \(header.count)")); continue }
            func field(_ index: Int?) -> String? {
                guard let index else { return nil }
                let value = row[index].trimmingCharacters(in: .whitespacesAndNewlines)
                return value.isEmpty ? nil : value
            }
            guard let itemName = field(name) else { result.badRows.append((line, "no name")); continue }
            // The list's number is what makes importing again an update: a row without it, in a
            // file that has the column, would come back as a second item.
            if key != nil && field(key) == nil { result.badRows.append((line, "no \(header[key!])")); continue }
            let identity = field(key) ?? "\(itemName)|\(field(company) ?? "")"
            let listKey = (isSupplements ? "supplement:" : "drug:") + identity
            guard seen.insert(listKey).inserted else { result.badRows.append((line, "the same item as an earlier row")); continue }
            let kind = field(index("prescription"))
            result.items.append(ListedMedicine(key: listKey, medicine: MedicineInput(
                kind: result.kind, name: itemName, company: field(company), ingredients: field(index("ingredients")),
                classification: field(index("classification")), form: field(index("form")),
                prescription: kind.map { $0.contains("전문") }, purpose: field(index("purpose")), howToTake: field(index("how")),
                warnings: field(index("warnings")))))
        }
        return result
    }
}
