/// A medicine's ingredients as a doctor reads them: the public permit list's `MATERIAL_NAME`
/// ("총량 : 1정 중|성분명 : 심바스타틴|분량 : 20|단위 : 밀리그램|규격 : EP|…", one such group an
/// ingredient, `;` between them) becomes "심바스타틴 20 mg"; its `ITEM_INGR_NAME`
/// ("[M040534]아세트아미노펜|[M223163]카페인무수물") loses its codes. The stored text stays as
/// imported; this is how lists and reports show it.
public enum IngredientText {
    /// The units the list spells out, as they are written on a label.
    static let units = [
        "밀리그램": "mg", "그램": "g", "마이크로그램": "µg", "킬로그램": "kg", "밀리리터": "mL", "리터": "L", "국제단위": "IU", "단위": "U",
        "나노그램": "ng",
    ]

    public static func readable(_ raw: String) -> String {
        guard raw.contains("성분명") else {
            // `[M040534]아세트아미노펜|[M223163]카페인무수물`: the codes go, the bars become commas.
            let names = raw.split(separator: "|").map { part in
                var name = Substring(part)
                if name.hasPrefix("["), let end = name.firstIndex(of: "]") { name = name[name.index(after: end)...] }
                return name.trimmingCharacters(in: .whitespaces)
            }
            return names.filter { !$0.isEmpty }.joined(separator: ", ")
        }
        var ingredients: [String] = []
        for group in raw.split(separator: ";") {
            var fields: [String: String] = [:]
            for part in group.split(separator: "|") {
                let pair = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2 { fields[pair[0]] = pair[1] }
            }
            guard let name = fields["성분명"], !name.isEmpty else { continue }
            let amount = fields["분량"].flatMap { $0.isEmpty ? nil : $0 }
            let unit = fields["단위"].map { units[$0] ?? $0 } ?? ""
            ingredients.append([name, amount.map { unit.isEmpty ? $0 : "\($0) \(unit)" }].compactMap { $0 }.joined(separator: " "))
        }
        return ingredients.isEmpty ? raw : ingredients.joined(separator: ", ")
    }
}
