import Foundation
import GRDB
import HearthCore
import HearthStore
import Testing
@testable import HearthWeb

@Suite("The recipe pages")
struct RecipePagesTests {
    static func book(_ hearth: Hearth) async throws -> [String: Int64] {
        let recipes = RecipeRepository(hearth.database)
        var ids: [String: Int64] = [:]
        for (title, category, servings, lines) in [
            ("된장찌개", "Soup and stew", 4, ["된장 2큰술", "두부 1/2모", "양파 1/4개"]),
            ("김치볶음밥", "Rice", 2, ["밥 1공기", "김치 1컵", "대파 1/2대"]),
            ("Onion soup", "Soup and stew", 4, ["4 large onions, sliced", "1/2 tsp salt", "2 cups beef stock"]),
        ] as [(String, String, Int, [String])] {
            var input = RecipeInput(title: title)
            input.category = category
            input.servings = servings
            input.ingredients = lines.map(Ingredient.parse)
            input.steps = [RecipeStep(text: "Cook it.")]
            ids[title] = try await recipes.create(input, createdBy: nil)
        }
        return ids
    }

    @Test("search by name and by ingredients, all of or any of, in Korean and English; the same tag twice is refused; no results said plainly")
    func search() async throws {
        try await withHousehold { hearth, owner in
            _ = try await Self.book(hearth)
            #expect(try await owner.get("/recipes?q=%EB%B3%B6%EC%9D%8C%EB%B0%A5").text.contains("김치볶음밥"))
            let all = try await owner.get("/recipes?i=" + "두부, 양파".addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&match=all").text
            #expect(all.contains("된장찌개") && !all.contains("김치볶음밥") && !all.contains("Onion soup"))
            let any = try await owner.get("/recipes?i=" + "김치, onion".addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&match=any").text
            #expect(any.contains("김치볶음밥") && any.contains("Onion soup") && !any.contains("된장찌개"))
            // As a browser's form writes it: a space is "+".
            let form = try await owner.get(
                "/recipes?i=" + "김치,+onion".addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["+"]))! + "&match=any"
            ).text
            #expect(form.contains("김치볶음밥") && form.contains("Onion soup"))
            #expect(try await owner.get("/recipes?q=onion+soup").text.contains("Onion soup"))
            let twice = try await owner.get("/recipes?i=" + "두부, 두부".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            #expect(twice.status == .unprocessableContent && twice.text.contains("두부 is there twice"))
            #expect(try await owner.get("/recipes?q=pizza").text.contains("No recipe matches."))
        }
    }

    @Test("scaled to 6 servings, quantities as a cook writes them")
    func scaling() async throws {
        try await withHousehold { hearth, owner in
            let ids = try await Self.book(hearth)
            let page = try await owner.get("/recipes/\(ids["Onion soup"]!)?servings=6").text
            #expect(page.contains("<strong>6</strong> large onions, sliced"))
            #expect(page.contains("<strong>¾ tsp</strong> salt"))
            #expect(page.contains("<strong>3 cups</strong> beef stock"))
            #expect(page.contains("Quantities for 6 servings (the recipe is for 4)."))
            let stew = try await owner.get("/recipes/\(ids["된장찌개"]!)?servings=2").text
            #expect(stew.contains("된장 <strong>1큰술</strong>") && stew.contains("두부 <strong>¼모</strong>"))
        }
    }

    @Test("a home-made pet food: the recipe joins the food list with its kcal per 100 g")
    func petFood() async throws {
        try await withHousehold { hearth, owner in
            var chicken = RecipeInput(title: "Chicken and rice for Bori")
            chicken.kcalPerServing = 180
            chicken.gramsPerServing = 150
            chicken.ingredients = [Ingredient.parse("100 g chicken breast"), Ingredient.parse("50 g rice")]
            let id = try await RecipeRepository(hearth.database).create(chicken, createdBy: nil)
            let page = try await owner.get("/recipes/\(id)")
            #expect(page.text.contains("120 kcal per 100 g"))
            #expect(try await owner.post("/recipes/\(id)/food", [:]).headers[.location] == "/recipes/\(id)?food=1")
            let kcal = try hearth.database.read { db in try Double.fetchOne(db, sql: "SELECT kcal_per_100g FROM food WHERE name = 'Chicken and rice for Bori'")
            }
            #expect(kcal == 120)
        }
    }

    @Test("bookmarks are each member's own, limited members included; removing one on its page takes it off the list at once")
    func bookmarks() async throws {
        try await withHousehold { hearth, owner in
            let ids = try await Self.book(hearth)
            let stew = ids["된장찌개"]!, rice = ids["김치볶음밥"]!
            try await owner.get("/recipes/\(stew)")
            #expect(try await owner.post("/recipes/\(stew)/bookmark", ["on": "1"]).status == .seeOther)
            try await owner.post("/recipes/\(rice)/bookmark", ["on": "1"])
            let mine = try await owner.get("/recipes/bookmarks").text
            #expect(mine.contains("<h2>Rice</h2>") && mine.contains("<h2>Soup and stew</h2>"))
            let pet = try await owner.addPet("Bori", species: "dog")
            let sitter = try await owner.addMember("sitter", role: .viewer, database: hearth.database)
            try await owner.get("/accounts")
            try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(pet)": "on"])
            let member = Browser(owner.client)
            try await member.signIn("sitter", "member password 1")
            #expect(try await member.get("/recipes/bookmarks").text.contains("No bookmarks yet"))
            try await member.get("/recipes/\(rice)")
            #expect(try await member.post("/recipes/\(rice)/bookmark", ["on": "1"]).status == .seeOther)
            #expect(try await member.get("/recipes/bookmarks").text.contains("김치볶음밥"))
            try await owner.get("/recipes/\(rice)")
            try await owner.post("/recipes/\(rice)/bookmark", ["on": "0"])
            let after = try await owner.get("/recipes/bookmarks").text
            #expect(!after.contains("김치볶음밥") && after.contains("된장찌개"))
            #expect(try await member.get("/recipes/bookmarks").text.contains("김치볶음밥"), "the sitter's own stays")
        }
    }
}
