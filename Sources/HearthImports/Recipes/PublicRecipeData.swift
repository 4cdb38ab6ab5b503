import Foundation

/// The public Korean recipe data (식품의약품안전처 COOKRCP01) as JSON:
/// `{"COOKRCP01": {"total_count": "…", "row": [{…}], "RESULT": {"CODE": "INFO-000", "MSG": "…"}}}`.
/// RCP_NM is the title, RCP_PAT2 the category, RCP_PARTS_DTLS the ingredients (one text),
/// MANUAL01–20 with MANUAL_IMG01–20 the steps (up to the first with neither), INFO_ENG the
/// kcal and INFO_WGT the weight per serving, RCP_NA_TIP the tip, ATT_FILE_NO_MAIN the photo
/// and HASH_TAG a tag. An error answer has no `row`, only its RESULT.
public enum PublicRecipeData {
    public struct Recipe: Sendable, Equatable {
        public var draft: RecipeDraft
        public var kcalPerServing: Double?
        public var gramsPerServing: Double?
        public var tip: String?
        /// The recipe's number in the public data, for telling duplicates apart.
        public var serial: String?
    }

    public enum Problem: Error, Equatable {
        case notThisFormat
        /// The service's own error ("INFO-200: 해당하는 데이터가 없습니다.").
        case service(code: String, message: String)
    }

    public static func recipes(in data: Data) throws(Problem) -> [Recipe] {
        // Named at its start: any other file is not parsed here at all.
        guard data.prefix(256).range(of: Data("\"COOKRCP01\"".utf8)) != nil else { throw .notThisFormat }
        // The rows one at a time: the whole list parsed at once took thirty times its size.
        let rows: [Data]? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return JSONElements.ranges(bytes, key: "row").map { $0.map { Data(UnsafeBufferPointer(rebasing: bytes[$0])) } }
        }
        if let rows, !rows.isEmpty {
            let parsed = rows.map { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
            // A row that is not an object: the file is not what it says (nothing of it is read).
            guard parsed.allSatisfy({ $0 != nil }) else { throw .notThisFormat }
            return parsed.compactMap { $0.flatMap(recipe) }
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let body = root["COOKRCP01"] as? [String: Any] else {
            throw .notThisFormat
        }
        guard let rows = body["row"] as? [[String: Any]] else {
            let result = body["RESULT"] as? [String: Any]
            throw .service(code: result?["CODE"] as? String ?? "?", message: result?["MSG"] as? String ?? "")
        }
        return rows.compactMap(recipe)
    }

    static func recipe(_ row: [String: Any]) -> Recipe? {
        func field(_ name: String) -> String? {
            let value = (row[name] as? String ?? (row[name] as? NSNumber)?.stringValue)?.trimmingCharacters(in: .whitespacesAndNewlines)
            return value?.isEmpty == false ? value : nil
        }
        guard let title = field("RCP_NM") else { return nil }
        var draft = RecipeDraft(title: title)
        draft.category = field("RCP_PAT2")
        draft.tags = field("HASH_TAG").map { [$0] } ?? []
        draft.imageURLs = [field("ATT_FILE_NO_MAIN"), field("ATT_FILE_NO_MK")].compactMap { $0 }
        draft.sourceName = "식품의약품안전처 조리식품의 레시피 DB"
        draft.ingredients = ingredients(field("RCP_PARTS_DTLS") ?? "")
        for number in 1...20 {
            let key = String(format: "%02d", number)
            let text = field("MANUAL\(key)").map(stepText)
            let image = field("MANUAL_IMG\(key)")
            if text == nil && image == nil { break }
            draft.steps.append(.init(text: text ?? "", section: nil, imageURL: image))
        }
        draft.kcalPerServing = field("INFO_ENG").flatMap(Double.init)
        draft.gramsPerServing = field("INFO_WGT").flatMap(Double.init)
        draft.tip = field("RCP_NA_TIP")
        return Recipe(
            draft: draft, kcalPerServing: field("INFO_ENG").flatMap(Double.init), gramsPerServing: field("INFO_WGT").flatMap(Double.init),
            tip: field("RCP_NA_TIP"), serial: field("RCP_SEQ"))
    }

    /// "1. 손질한 양파를 썬다.a" → "손질한 양파를 썬다.": the data numbers its steps and often
    /// ends them with a stray letter.
    static func stepText(_ raw: String) -> String {
        var text = raw.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
        if let match = text.firstMatch(of: /^\d+\.\s*/) { text = String(text[match.range.upperBound...]) }
        if let last = text.last, last.isASCII, last.isLetter, text.dropLast().last.map({ $0 == "." || !$0.isASCII }) == true {
            text.removeLast()
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// RCP_PARTS_DTLS: lines and commas, sometimes a heading line ("●주재료 :", "양념장 :")
    /// before each group, and the dish's name alone on the first line. Splits into ingredient
    /// lines, never inside brackets.
    static func ingredients(_ text: String) -> [String] {
        var lines: [String] = []
        for rawLine in text.replacingOccurrences(of: "\r", with: "").split(separator: "\n") {
            var line = String(rawLine).trimmingCharacters(in: .whitespaces)
            // "주재료 : 연두부 75g, …": the heading goes, the items stay.
            if let colon = line.firstIndex(of: ":") { line = String(line[line.index(after: colon)...]) }
            line = line.trimmingCharacters(in: CharacterSet(charactersIn: " ●•·-"))
            var part = "", depth = 0
            for character in line {
                if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
                if character == "," && depth == 0 {
                    lines.append(part)
                    part = ""
                } else {
                    part.append(character)
                }
            }
            lines.append(part)
        }
        let items = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // A first line with no quantity at all is the dish's name, not an ingredient.
        if items.count > 1, let first = items.first, !first.contains(where: { $0.isNumber }), !first.contains("약간") {
            return Array(items.dropFirst())
        }
        return items
    }
}
