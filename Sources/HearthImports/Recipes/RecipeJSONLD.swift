import Foundation
import HearthCore

/// A recipe as found in a file or a web page, before it is checked and stored.
public struct RecipeDraft: Sendable, Equatable {
    public var title: String
    public var category: String?
    public var tags: [String] = []
    /// Servings when the yield says a number ("4", "4 servings", ["4", "4 servings"]).
    public var servings: Int?
    public var yieldText: String?
    public var preparationMinutes: Int?
    public var cookingMinutes: Int?
    public var totalMinutes: Int?
    /// Image addresses, kept as links: Hearth never fetches them (no internet at cooking time).
    public var imageURLs: [String] = []
    public var sourceName: String?
    public var sourceURL: String?
    public var description: String?
    public var kcalPerServing: Double?
    public var gramsPerServing: Double?
    /// A cook's tip (COOKRCP01's RCP_NA_TIP; a schema.org `comment` in Hearth's own export).
    public var tip: String?
    public var ingredients: [String] = []
    /// Steps in order; a `HowToSection`'s name is kept as the section of its steps.
    public var steps: [Step] = []

    public struct Step: Sendable, Equatable {
        public var text: String
        public var section: String?
        public var imageURL: String?
    }
}

/// Reads schema.org `Recipe` objects out of JSON-LD: a file of JSON, pasted text, or a saved
/// web page (every `<script type="application/ld+json">` block). Finds recipes in `@graph`,
/// in arrays, and where `@type` is a list; reads instructions as one string, `HowToStep`s or
/// `HowToSection`s; ISO 8601 durations; images as a string, an object or a list; and
/// `recipeYield` as "4", "4 servings" or a list.
public enum RecipeJSONLD {
    public enum Problem: Error, Equatable {
        /// Neither JSON nor a page with JSON-LD in it.
        case unreadable
        /// Readable, but with no recipe in it.
        case noRecipe
    }

    public static func recipes(in text: String) throws(Problem) -> [RecipeDraft] {
        var text = text
        let page = text.withUTF8 { PageScan($0) }
        var documents: [Any] = []
        if page.isJSON {
            // A book's recipes one at a time: an array, or a `@graph`, is cut into its elements.
            let parts: [Data]? = text.withUTF8 { bytes in
                JSONElements.ranges(bytes, key: "@graph").map { $0.map { Data(UnsafeBufferPointer(rebasing: bytes[$0])) } }
            }
            if let parts, parts.count > 1 {
                var drafts: [RecipeDraft] = []
                for part in parts {
                    guard let json = parse(part) else { throw .unreadable }
                    var found: [[String: Any]] = []
                    collect(json, into: &found)
                    drafts += found.compactMap(draft)
                }
                guard !drafts.isEmpty else { throw .noRecipe }
                return drafts
            }
            guard let json = parse(Data(text.utf8)) else { throw .unreadable }
            documents = [json]
        } else {
            documents = page.blocks.compactMap(parse)
            guard !documents.isEmpty else { throw page.looksLikeHTML ? .noRecipe : .unreadable }
        }
        var found: [[String: Any]] = []
        for document in documents { collect(document, into: &found) }
        let drafts = found.compactMap(draft)
        guard !drafts.isEmpty else { throw .noRecipe }
        return drafts
    }

    private static func parse(_ data: Data) -> Any? {
        try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    /// Every object whose `@type` is or includes "Recipe", wherever it sits.
    private static func collect(_ value: Any, into found: inout [[String: Any]]) {
        if let list = value as? [Any] {
            for item in list { collect(item, into: &found) }
        } else if let object = value as? [String: Any] {
            if types(object).contains("Recipe") {
                found.append(object)
            } else {
                for key in ["@graph", "mainEntity", "itemListElement", "item"] {
                    if let inner = object[key] { collect(inner, into: &found) }
                }
            }
        }
    }

    private static func types(_ object: [String: Any]) -> [String] {
        let type = object["@type"]
        let names = (type as? [Any])?.compactMap { $0 as? String } ?? (type as? String).map { [$0] } ?? []
        return names.map { $0.replacingOccurrences(of: "http://schema.org/", with: "").replacingOccurrences(of: "https://schema.org/", with: "") }
    }

    private static func draft(_ object: [String: Any]) -> RecipeDraft? {
        guard let title = text(object["name"]), !title.isEmpty else { return nil }
        var draft = RecipeDraft(title: title)
        draft.category = strings(object["recipeCategory"]).first
        draft.tags = strings(object["keywords"]).flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        draft.description = text(object["description"])
        let yields = strings(object["recipeYield"])
        draft.yieldText = yields.last
        draft.servings = yields.lazy.compactMap { Int($0.prefix { $0.isNumber }) }.first { $0 > 0 }
        draft.preparationMinutes = (object["prepTime"] as? String).flatMap(minutes)
        draft.cookingMinutes = (object["cookTime"] as? String).flatMap(minutes)
        draft.totalMinutes = (object["totalTime"] as? String).flatMap(minutes)
        draft.imageURLs = images(object["image"])
        draft.sourceURL = text(object["url"]) ?? (object["mainEntityOfPage"] as? [String: Any]).flatMap { text($0["@id"]) } ?? text(object["mainEntityOfPage"])
        draft.sourceName =
            (object["publisher"] as? [String: Any]).flatMap { text($0["name"]) } ?? (object["author"] as? [String: Any]).flatMap { text($0["name"]) }
            ?? ((object["author"] as? [Any])?.first as? [String: Any]).flatMap { text($0["name"]) }
        if let nutrition = object["nutrition"] as? [String: Any] {
            draft.kcalPerServing = text(nutrition["calories"]).flatMap(leadingNumber)
            draft.gramsPerServing = text(nutrition["servingSize"]).flatMap(grams)
        }
        draft.tip = (object["comment"] as? [String: Any]).flatMap { text($0["text"]) }
        draft.ingredients = strings(object["recipeIngredient"] ?? object["ingredients"]).filter { !$0.isEmpty }
        draft.steps = steps(object["recipeInstructions"], section: nil)
        return draft
    }

    /// Instructions as one string (split into its paragraphs or lines), a list of strings,
    /// `HowToStep`s, or `HowToSection`s holding steps.
    private static func steps(_ value: Any?, section: String?) -> [RecipeDraft.Step] {
        if let string = value as? String {
            return cleaned(string).components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .map { RecipeDraft.Step(text: $0, section: section) }
        }
        if let list = value as? [Any] { return list.flatMap { steps($0, section: section) } }
        guard let object = value as? [String: Any] else { return [] }
        let kinds = types(object)
        if kinds.contains("HowToSection") {
            return steps(object["itemListElement"], section: text(object["name"]) ?? section)
        }
        guard let words = text(object["text"]) ?? text(object["name"]), !words.isEmpty else { return [] }
        return [RecipeDraft.Step(text: words, section: section, imageURL: images(object["image"]).first)]
    }

    /// "PT1H30M" → 90; "P1DT2H" → 1,560; nil for anything else.
    public static func minutes(_ duration: String) -> Int? {
        var text = duration.uppercased()[...]
        guard text.hasPrefix("P") else { return nil }
        text = text.dropFirst()
        var total = 0.0, number = "", inTime = false, any = false
        for character in text {
            if character == "T" {
                inTime = true
                continue
            }
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            guard let value = Double(number) else { return nil }
            number = ""
            any = true
            switch (character, inTime) {
            case ("D", false): total += value * 1440
            case ("W", false): total += value * 10080
            case ("H", true): total += value * 60
            case ("M", true): total += value
            case ("S", true): total += value / 60
            default: return nil
            }
        }
        return any && number.isEmpty ? Int(total.rounded()) : nil
    }

    /// "350 g", "350g", "350 grams": the grams; "1 serving" or "2 cups" is not a weight.
    static func grams(_ text: String) -> Double? {
        let number = text.prefix { $0.isNumber || $0 == "." }
        let unit = text.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
        return ["g", "gram", "grams"].contains(unit) ? Double(number) : nil
    }

    /// "220 kcal" → 220.
    private static func leadingNumber(_ text: String) -> Double? {
        Double(text.prefix { $0.isNumber || $0 == "." })
    }

    private static func images(_ value: Any?) -> [String] {
        if let string = value as? String { return [string] }
        if let list = value as? [Any] { return list.flatMap { images($0) } }
        if let object = value as? [String: Any] { return (text(object["url"]) ?? text(object["contentUrl"])).map { [$0] } ?? [] }
        return []
    }

    private static func strings(_ value: Any?) -> [String] {
        if let list = value as? [Any] { return list.compactMap { text($0) } }
        return text(value).map { [$0] } ?? []
    }

    private static func text(_ value: Any?) -> String? {
        if let string = value as? String { return cleaned(string).trimmingCharacters(in: .whitespacesAndNewlines) }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }

    /// Pages put entities and tags inside JSON strings: the few that matter, undone.
    private static func cleaned(_ string: String) -> String {
        // Most strings have neither a tag nor an entity: returning them untouched took a
        // 10,000-recipe import from 12.1 s to 6.4 s (the replacements were 45% of it).
        guard string.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return string }
        var text = string.replacingOccurrences(of: "<br>", with: "\n").replacingOccurrences(of: "<br/>", with: "\n").replacingOccurrences(
            of: "</p>", with: "\n")
        text = withoutTags(text)
        for (entity, character) in [("&amp;", "&"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", " ")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// The text with every `<…>` taken out (as the pattern `<[^>]+>` would), in one pass: the
    /// pattern took 32.7 s on 40 KB of `<`, since each `<` searched to the end for its `>`.
    static func withoutTags(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        // The next `>` at or after `index + 1`, found once for all the `<` before it.
        var close = -1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                if close <= index {
                    close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
                }
                if close < bytes.count, close > index + 1 {
                    index = close + 1
                    continue
                }
            }
            kept.append(bytes[index])
            index += 1
        }
        return String(decoding: kept, as: UTF8.self)
    }
}

/// One pass over a saved page or a file's bytes, without backtracking: whether it is JSON,
/// whether it looks like a web page, and the contents of its `application/ld+json` scripts
/// (at most `ImportLimits.jsonLDBytes` of them kept). A page of 400,000 other scripts is
/// passed over in the time it takes to read it.
struct PageScan {
    var isJSON = false
    var looksLikeHTML = false
    var blocks: [Data] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while start < bytes.count, isSpace(bytes[start]) { start += 1 }
        // A byte-order mark before JSON.
        if start + 3 <= bytes.count, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF { start += 3 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") {
            isJSON = true
            return
        }
        var kept = 0
        var index = start
        while let open = Self.find("<", in: bytes, from: index) {
            index = open + 1
            if Self.matches("<html", bytes, at: open) {
                looksLikeHTML = true
                continue
            }
            guard Self.matches("<script", bytes, at: open) else { continue }
            looksLikeHTML = true
            guard let tagEnd = Self.find(">", in: bytes, from: open) else { return }
            let isJSONLD = Self.contains("application/ld+json", in: UnsafeBufferPointer(rebasing: bytes[open..<tagEnd]))
            // The script ends at the first `</script`, whatever it holds.
            var close = tagEnd + 1
            while let next = Self.find("<", in: bytes, from: close), !Self.matches("</script", bytes, at: next) { close = next + 1 }
            guard let end = Self.find("<", in: bytes, from: close) else { return }
            if isJSONLD, kept + (end - tagEnd - 1) <= ImportLimits.jsonLDBytes {
                blocks.append(Data(UnsafeBufferPointer(rebasing: bytes[(tagEnd + 1)..<end])))
                kept += end - tagEnd - 1
            }
            index = end + 1
        }
    }

    private static func find(_ character: Unicode.Scalar, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let hit = memchr(base + start, Int32(character.value), bytes.count - start)
        else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// `text` (ASCII, lowercase) at `index`, in any case.
    private static func matches(_ text: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        for offset in 0..<length where bytes[index + offset] | 0x20 != text.utf8Start[offset] | 0x20 { return false }
        return true
    }

    private static func contains(_ text: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.indices.contains { matches(text, bytes, at: $0) }
    }
}
