import Foundation

/// One step of a recipe: its words, the part of the recipe it belongs to ("The sauce"), and a
/// photo of it, either the household's own (through the photo pipeline) or, for an imported
/// recipe, the address it came with (kept as a link, never fetched).
public struct RecipeStep: Sendable, Equatable {
    public var section: String?
    public var text: String
    public var imageURL: String?
    public var photoSHA: String?

    public init(section: String? = nil, text: String, imageURL: String? = nil, photoSHA: String? = nil) {
        self.section = section
        self.text = text
        self.imageURL = imageURL
        self.photoSHA = photoSHA
    }
}

/// A recipe to store: what an import or the form produced.
public struct RecipeInput: Sendable, Equatable {
    public var title: String
    public var category: String?
    public var tags: [String] = []
    public var servings: Int?
    public var preparationMinutes: Int?
    public var cookingMinutes: Int?
    public var kcalPerServing: Double?
    public var gramsPerServing: Double?
    public var imageURL: String?
    /// The household's own photo of the dish.
    public var photoSHA: String?
    public var sourceName: String?
    public var sourceURL: String?
    public var tip: String?
    public var description: String?
    public var ingredients: [Ingredient] = []
    public var steps: [RecipeStep] = []

    public init(title: String) { self.title = title }

    /// Every photo of the household's own that the recipe shows.
    public var photoDigests: [String] { ([photoSHA] + steps.map(\.photoSHA)).compactMap { $0 } }
}

/// How several ingredients are looked for: recipes with every one, or with any.
public enum IngredientMatch: String, Sendable { case all, any }

/// What `/recipes` asks for; every part optional.
public struct RecipeQuery: Sendable, Equatable {
    public var title = ""
    public var ingredients: [String] = []
    public var match = IngredientMatch.all
    public var categoryID: Int64?
    public var tag: String?

    public init(title: String = "", ingredients: [String] = [], match: IngredientMatch = .all, categoryID: Int64? = nil, tag: String? = nil) {
        self.title = title
        self.ingredients = ingredients
        self.match = match
        self.categoryID = categoryID
        self.tag = tag
    }
}
