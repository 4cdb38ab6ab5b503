/// How long a typed text may be, how many lines a list may hold, and how large a file each
/// import takes: one place that the forms, the importers, the command line and the API read,
/// so a recipe refused on the page is refused from a file too, with the same limit named.
/// Each is what a person could type or a real file holds, with room to spare.
public enum TextLimit {
    /// A name or title: a pet's, a recipe's, a clinic's, a category.
    public static let name = 200
    /// A short label: a unit, a dose, a colour, a tag.
    public static let label = 80
    /// A web address.
    public static let url = 2000
    /// A note, a description, a tip.
    public static let note = 4000
    /// One step of a recipe.
    public static let step = 10_000
    /// A recipe's ingredient lines as typed in one box.
    public static let ingredients = 20_000
    /// One ingredient line.
    public static let ingredientLine = 500
    /// A list's text as typed in one box ("tag, tag, tag").
    public static let list = 500
}

/// How many of a thing one record may hold.
public enum CountLimit {
    public static let recipeIngredients = 200
    public static let recipeSteps = 100
    public static let recipeTags = 30
    /// Recipes one import may hold (the public data's whole book is about 1,100).
    public static let recipesPerImport = 20_000
}

/// What each import accepts. A file over its limit is refused with the limit named; within it,
/// memory stays flat (the file is read as a stream), whatever it holds.
public enum ImportLimits {
    /// What a phone export's zip may inflate to, and how many times its own size: a real
    /// export.xml compresses about twenty times; a zip bomb a thousand.
    public static let inflatedBytes: UInt64 = 16 << 30
    public static let inflationRatio: UInt64 = 100
    /// Elements nested inside one another in an XML export (Apple Health nests four).
    public static let xmlDepth = 64
    /// An attribute Hearth keeps from an XML record (a source's name is a short label).
    public static let keptAttributeBytes = 256
    /// Distinct step sources one export may name (a phone, a watch, a few apps).
    public static let stepSources = 1000
    /// A Google Fit CSV: ten years of days are a few megabytes.
    public static let googleFitBytes: UInt64 = 64 << 20
    /// The national drug-permit list is about 150 MB; the supplement list less.
    public static let medicineListBytes: UInt64 = 512 << 20
    /// The national animal-hospital register is a few megabytes.
    public static let clinicListBytes: UInt64 = 64 << 20
    /// One line of a CSV list (a drug's full text of warnings fits many times over).
    public static let csvRowBytes = 1 << 20
    /// A recipe file or saved web page.
    public static let recipeFileBytes: UInt64 = 32 << 20
    /// What is kept of a web page's JSON-LD blocks.
    public static let jsonLDBytes = 8 << 20

    /// Megabytes, as the messages name a limit.
    public static func megabytes(_ bytes: UInt64) -> String { String(bytes >> 20) }
}

/// A field over its limit, or holding what no keyboard types: which field, and the limit, so a
/// refusal can name both.
public struct LimitProblem: Error, Equatable, Sendable {
    public enum Kind: String, Sendable { case tooLong = "too_long", tooMany = "too_many", notTypeable = "not_typeable" }
    public let field: String
    public let limit: Int
    public let kind: Kind

    public init(field: String, limit: Int, kind: Kind) {
        (self.field, self.limit, self.kind) = (field, limit, kind)
    }
}

/// Checks fields in order and keeps the first problem: what importers run on each record
/// before it is written, as the forms do field by field.
public struct LimitCheck: Sendable {
    public private(set) var problem: LimitProblem?

    public init() {}

    public mutating func text(_ field: String, _ value: String?, max: Int) {
        guard problem == nil, let value else { return }
        if value.utf8.count > max, !value.dropFirst(max).isEmpty {
            problem = LimitProblem(field: field, limit: max, kind: .tooLong)
        } else if !FormInput.isTypeable(value) {
            problem = LimitProblem(field: field, limit: max, kind: .notTypeable)
        }
    }

    public mutating func count(_ field: String, _ count: Int, max: Int) {
        if problem == nil, count > max { problem = LimitProblem(field: field, limit: max, kind: .tooMany) }
    }
}

extension TextLimit {
    /// A diary entry's text.
    public static let diary = 20_000
    /// A medicine's leaflet text (ingredients, how to take it, warnings): the national drug
    /// list's longest run to tens of thousands of characters.
    public static let leaflet = 50_000
    /// A phone number.
    public static let phone = 40
}
