import Foundation
import GRDB
import HearthCore
import HearthStore
import Testing
@testable import HearthWeb

@Suite("The recipe form: steps with photos, reordered, added and removed; categories; delete")
struct RecipeFormTests {
    static func photoCount(_ hearth: Hearth) throws -> Int {
        try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0 }
    }

    @Test("a new recipe: ingredient lines read, steps in the order of their numbers, a step's photo through the photo pipeline")
    func create() async throws {
        try await withHousehold { hearth, owner in
            let category = try #require(try RecipeRepository(hearth.database).categories().first { $0.name == "Soup and stew" })
            #expect(try await owner.get("/recipes/new").text.contains(#"name="step_4_text""#), "five blank steps")
            let response = try await owner.postMultipart(
                "/recipes",
                [
                    "title": "된장찌개", "category": String(category.id), "tags": "여름, 간단", "servings": "2", "cooking_minutes": "20",
                    "ingredients": "된장 2큰술\n\n두부 1/2모\n2 cups water", "step_count": "5",
                    "step_0_text": "Add the tofu.", "step_0_order": "3",
                    "step_1_text": "Boil the water.", "step_1_order": "1",
                    "step_2_text": "Stir in the doenjang.", "step_2_order": "2", "step_2_section": "The broth",
                    "step_3_text": "", "step_3_order": "4",
                    "step_4_text": "Not this one.", "step_4_order": "5", "step_4_remove": "1",
                ], files: [("step_2_photo", "stir.jpg", try fixture("exif-orientation/Landscape_6.jpg"))])
            #expect(response.status == .seeOther)
            let id = try #require(response.headers[.location].flatMap { Int64($0.split(separator: "/").last!) })
            let recipe = try #require(try RecipeRepository(hearth.database).recipe(id: id))
            #expect(recipe.steps.map(\.text) == ["Boil the water.", "Stir in the doenjang.", "Add the tofu."])
            #expect(recipe.steps[1].section == "The broth")
            let photo = try #require(recipe.steps[1].photoSHA)
            #expect(FileManager.default.fileExists(atPath: try PhotoFiles(dataDirectory: hearth.dataDirectory).path(photo, .thumbnail)))
            #expect(recipe.ingredients.map(\.name) == ["된장", "두부", "water"] && recipe.ingredients[1].quantity == 0.5)
            #expect(recipe.category == "Soup and stew" && recipe.tags == ["간단", "여름"] && recipe.servings == 2 && recipe.cookingMinutes == 20)
            let page = try await owner.get("/recipes/\(id)").text
            #expect(page.contains(PhotoURL.thumbnail(photo)) && page.contains("<h3>The broth</h3>"))
            #expect(page.contains(#"<ol class="steps" start="3">"#), "the numbering runs on after a part")
            #expect(try await owner.get(PhotoURL.thumbnail(photo)).status == .ok)
            // Its tags link to the recipes that have them.
            let tagLink = "/recipes?tag=" + QueryLink.encode("여름")
            #expect(page.contains(#"href="\#(tagLink)">#여름</a>"#))
            let tagged = try await owner.get(tagLink).text
            #expect(tagged.contains(#"<a href="/recipes/\#(id)">된장찌개</a>"#) && tagged.contains("#여름 ✕"))
            #expect(try await owner.get("/recipes?tag=" + QueryLink.encode("겨울")).text.contains("No recipe matches."))
        }
    }

    @Test("an edit moves step 3 to 1, removes a step and its photo (the file goes), and keeps the others' photos")
    func edit() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/recipes/new")
            let made = try await owner.postMultipart(
                "/recipes",
                [
                    "title": "Barley tea", "ingredients": "1 cup barley", "step_count": "3",
                    "step_0_text": "Roast.", "step_1_text": "Boil.", "step_2_text": "Pour.",
                ],
                files: [
                    ("step_0_photo", "a.jpg", try fixture("exif-orientation/Landscape_1.jpg")),
                    ("step_1_photo", "b.jpg", try fixture("exif-orientation/Landscape_2.jpg")),
                ])
            let id = try #require(made.headers[.location].flatMap { Int64($0.split(separator: "/").last!) })
            let before = try #require(try RecipeRepository(hearth.database).recipe(id: id))
            let (roast, boil) = (try #require(before.steps[0].photoSHA), try #require(before.steps[1].photoSHA))
            let form = try await owner.get("/recipes/\(id)/edit").text
            #expect(form.contains(#"name="step_0_photo_kept" value="\#(roast)""#) && form.contains("1 cup barley"))
            let saved = try await owner.postMultipart(
                "/recipes/\(id)",
                [
                    "title": "Barley tea", "ingredients": "1 cup barley\n2 l water", "step_count": "4",
                    "step_0_text": "Roast.", "step_0_order": "1", "step_0_photo_kept": roast,
                    "step_1_text": "Boil.", "step_1_order": "2", "step_1_photo_kept": boil, "step_1_remove": "1",
                    "step_2_text": "Pour.", "step_2_order": "1",
                    "step_3_text": "Serve warm.", "step_3_order": "4",
                ])
            #expect(saved.status == .seeOther)
            let after = try #require(try RecipeRepository(hearth.database).recipe(id: id))
            #expect(after.steps.map(\.text) == ["Pour.", "Roast.", "Serve warm."])
            #expect(after.steps[1].photoSHA == roast && after.ingredients.count == 2)
            #expect(
                !FileManager.default.fileExists(atPath: try PhotoFiles(dataDirectory: hearth.dataDirectory).path(boil, .thumbnail)),
                "the removed step's photo is deleted")
            #expect(FileManager.default.fileExists(atPath: try PhotoFiles(dataDirectory: hearth.dataDirectory).path(roast, .thumbnail)))
            // A digest the recipe does not show cannot be kept into it.
            let foreign = String(repeating: "f", count: 64)
            _ = try await owner.postMultipart(
                "/recipes/\(id)", ["title": "Barley tea", "ingredients": "1 cup barley", "step_count": "1", "step_0_text": "X", "step_0_photo_kept": foreign])
            #expect(try RecipeRepository(hearth.database).recipe(id: id)?.steps.first?.photoSHA == nil)
        }
    }

    @Test("bad input comes back on its field with 422 and nothing is saved: no name, a word for servings, a file that is not a photo")
    func refusals() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/recipes/new")
            let noName = try await owner.postMultipart(
                "/recipes", ["title": " ", "servings": "four", "ingredients": "1 egg", "step_count": "1", "step_0_text": "Fry."])
            #expect(noName.status == .unprocessableContent)
            #expect(noName.text.contains("Give the recipe a name.") && noName.text.contains("1 egg") && noName.text.contains("Fry."))
            let photo = try await owner.postMultipart(
                "/recipes", ["title": "Egg", "ingredients": "1 egg", "step_count": "1", "step_0_text": "Fry."],
                files: [("step_0_photo", "egg.jpg", Array("not a photo at all".utf8))])
            #expect(photo.status == .unprocessableContent && photo.text.contains("egg.jpg"))
            let nothing = try await owner.postMultipart("/recipes", ["title": "Egg", "step_count": "2"])
            #expect(nothing.status == .unprocessableContent && nothing.text.contains("A recipe needs its ingredients or its steps."))
            let url = try await owner.postMultipart(
                "/recipes", ["title": "Egg", "ingredients": "1 egg", "source_url": "javascript:alert(1)", "step_count": "0"])
            #expect(url.status == .unprocessableContent && url.text.contains("https://"))
            #expect(try RecipeRepository(hearth.database).allIDs().isEmpty)
            #expect(try Self.photoCount(hearth) == 0)
            let more = try await owner.postMultipart("/recipes", ["title": "Egg", "step_count": "5", "step_4_text": "Fry.", "more_steps": "1"])
            #expect(more.status == .ok && more.text.contains(#"name="step_9_text""#) && more.text.contains("Fry."), "five more rows, the typed text kept")
        }
    }

    @Test("categories: renamed, added, removed (its recipes stay, without one), a name taken twice refused")
    func categories() async throws {
        try await withHousehold { hearth, owner in
            let recipes = RecipeRepository(hearth.database)
            var cake = RecipeInput(title: "Apple cake")
            cake.category = "Dessert"
            cake.ingredients = [Ingredient.parse("3 apples")]
            let id = try await recipes.create(cake, createdBy: nil)
            let list = try recipes.categories()
            let dessert = try #require(list.first { $0.name == "Dessert" }), rice = try #require(list.first { $0.name == "Rice" })
            #expect(dessert.count == 1)
            try await owner.get("/recipes/categories")
            let taken = try await owner.post("/recipes/categories", ["name_\(rice.id)": "dessert"])
            #expect(taken.status == .unprocessableContent && taken.text.contains("There is already a category called dessert."))
            let swapped = try await owner.post("/recipes/categories", ["name_\(rice.id)": "Dessert", "name_\(dessert.id)": "Rice", "added": "Bread"])
            #expect(swapped.status == .seeOther)
            #expect(try recipes.recipe(id: id)?.category == "Rice", "the recipe keeps its category, which was renamed")
            #expect(try recipes.categories().map(\.name).last == "Bread")
            try await owner.post("/recipes/categories", ["remove_\(dessert.id)": "1"])
            #expect(try recipes.recipe(id: id)?.category == nil && !(try recipes.categories().contains { $0.id == dessert.id }))
            #expect(try await owner.get("/recipes/\(id)").status == .ok)
        }
    }

    @Test("delete: the recipe, its bookmarks and its photos go")
    func delete() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/recipes/new")
            let made = try await owner.postMultipart(
                "/recipes", ["title": "Toast", "ingredients": "1 slice bread", "step_count": "1", "step_0_text": "Toast it."],
                files: [("photo", "toast.jpg", try fixture("exif-orientation/Landscape_3.jpg"))])
            let id = try #require(made.headers[.location].flatMap { Int64($0.split(separator: "/").last!) })
            let sha = try #require(try RecipeRepository(hearth.database).recipe(id: id)?.photoSHA)
            try await owner.get("/recipes/\(id)")
            try await owner.post("/recipes/\(id)/bookmark", ["on": "1"])
            #expect(try await owner.post("/recipes/\(id)/delete", [:]).headers[.location] == "/recipes?deleted=1")
            #expect(try await owner.get("/recipes/\(id)").status == .notFound)
            #expect(try await owner.get("/recipes/bookmarks").text.contains("No bookmarks yet"))
            #expect(!FileManager.default.fileExists(atPath: try PhotoFiles(dataDirectory: hearth.dataDirectory).path(sha, .thumbnail)))
            #expect(try Self.photoCount(hearth) == 0)
        }
    }
}
