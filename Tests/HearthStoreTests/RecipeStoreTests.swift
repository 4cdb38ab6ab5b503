import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite("The recipe book in SQLite")
struct RecipeStoreTests {
    func book() async throws -> (AppDatabase, RecipeRepository) {
        let database = try temporaryDatabase()
        let recipes = RecipeRepository(database)
        func recipe(_ title: String, _ category: String, _ lines: [String]) -> RecipeInput {
            var input = RecipeInput(title: title)
            input.category = category
            input.ingredients = lines.map(Ingredient.parse)
            input.steps = [RecipeStep(text: "Cook.")]
            return input
        }
        try await recipes.create(recipe("된장찌개", "Soup and stew", ["된장 2큰술", "두부 1/2모", "애호박 1/3개", "양파 1/4개"]), createdBy: nil)
        try await recipes.create(recipe("김치볶음밥", "Rice", ["밥 1공기", "김치 1컵", "대파 1/2대"]), createdBy: nil)
        try await recipes.create(recipe("Onion soup", "Soup and stew", ["4 large onions, sliced", "1 l beef stock", "2 tbsp butter"]), createdBy: nil)
        try await recipes.create(recipe("Apple cake", "Dessert", ["225g self-raising flour", "3 apples", "2 eggs"]), createdBy: nil)
        return (database, recipes)
    }

    @Test("by title: inside words, Korean and English, one and several words")
    func title() async throws {
        let (database, recipes) = try await book()
        defer { try? database.close() }
        #expect(try recipes.search(title: "볶음밥").map(\.title) == ["김치볶음밥"])
        #expect(try recipes.search(title: "찌개").map(\.title) == ["된장찌개"], "two characters: LIKE")
        #expect(try recipes.search(title: "soup").map(\.title) == ["Onion soup"])
        #expect(try recipes.search(title: "onion soup").map(\.title) == ["Onion soup"])
        #expect(try recipes.search(title: "pie").isEmpty)
    }

    @Test("by ingredients: all of them or any of them, found inside names (파 finds 대파 and 양파)")
    func ingredients() async throws {
        let (database, recipes) = try await book()
        defer { try? database.close() }
        #expect(try recipes.search(ingredients: ["두부", "양파"], match: .all).map(\.title) == ["된장찌개"])
        #expect(try recipes.search(ingredients: ["김치", "양파"], match: .any).map(\.title) == ["김치볶음밥", "된장찌개"])
        #expect(try recipes.search(ingredients: ["파"], match: .any).map(\.title) == ["김치볶음밥", "된장찌개"])
        #expect(try recipes.search(ingredients: ["onion", "butter"], match: .all).map(\.title) == ["Onion soup"])
        #expect(try recipes.search(ingredients: ["eggs", "onions"], match: .all).isEmpty)
        #expect(try recipes.search(ingredients: ["100%"], match: .any).isEmpty, "LIKE's wildcards are taken literally")
        #expect(try recipes.search(ingredients: ["두부"], match: .all).first?.category == "Soup and stew")
    }

    @Test("bookmarks are each member's own, grouped by category, and removing one removes it")
    func bookmarks() async throws {
        let (database, recipes) = try await book()
        defer { try? database.close() }
        let accounts = AccountRepository(database)
        let mina = try await accounts.create(NewMember(username: "mina", displayName: "Mina", password: "a long password 1", role: .owner), passwordHash: "x")
            .id!
        let dad = try await accounts.create(NewMember(username: "dad", displayName: "Dad", password: "a long password 1", role: .adult), passwordHash: "x").id!
        let all = try recipes.search(title: "")
        for recipe in all { try await recipes.setBookmark(true, recipeID: recipe.id, accountID: mina) }
        try await recipes.setBookmark(true, recipeID: all[0].id, accountID: dad)
        #expect(try recipes.bookmarks(accountID: mina).map(\.category) == ["Dessert", "Rice", "Soup and stew", "Soup and stew"])
        #expect(try recipes.bookmarks(accountID: dad).count == 1)
        try await recipes.setBookmark(false, recipeID: all[0].id, accountID: mina)
        #expect(try recipes.bookmarks(accountID: mina).count == 3)
        #expect(try recipes.bookmarks(accountID: dad).count == 1, "Dad's stays")
    }

    @Test("a Korean household starts with the six in Korean; imports land in them by either language's name, else in 기타")
    func koreanCategories() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let owner = NewMember(username: "mina", displayName: "Mina", password: "a long password 1", role: .owner)
        _ = try await HouseholdRepository(database).setUp(
            HouseholdSettings(name: "우리 집", timeZone: "Asia/Seoul", language: .ko), owner: owner, passwordHash: "x")
        let recipes = RecipeRepository(database)
        #expect(try recipes.categories().map(\.name) == ["후식", "반찬", "밥", "국&찌개", "일품", "기타"])
        for (category, title) in [("국&찌개", "된장찌개"), ("Dessert", "Apple cake"), ("Main course", "Roast")] {
            var input = RecipeInput(title: title)
            input.category = category
            input.ingredients = [Ingredient.parse("1 egg")]
            let id = try await recipes.create(input, createdBy: nil)
            #expect(try recipes.recipe(id: id)?.category == ["된장찌개": "국&찌개", "Apple cake": "후식", "Roast": "기타"][title])
        }
    }
}
