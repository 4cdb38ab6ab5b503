import Foundation
import HearthCore
import HearthImports
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("The medicine catalogue in the browser")
struct MedicineCatalogueWebTests {
    /// Follows an import's progress page until it has ended (the status the script polls).
    static func finished(_ browser: Browser, _ started: TestResponse) async throws -> TestResponse {
        let page = try #require(started.headers[.location])
        for _ in 0..<200 {
            let status = try await browser.get(page + "/status").text
            if !status.contains(#""state":"running""#) { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let ended = try await browser.get(page)
        #expect(!ended.text.contains("<progress"), "the import ended")
        return ended
    }

    @Test("import the drug list in CP949, find an item by part of its Korean name, open it, add one's own, refuse a nameless one")
    func catalogue() async throws {
        try await withHousehold { hearth, owner in
            let csv = "ITEM_SEQ,ITEM_NAME,ENTP_NAME,ITEM_INGR_NAME,SPCLTY_PBLC\n200001,타이레놀정500밀리그람,한국얀센,아세트아미노펜 500mg,일반의약품\n"
            let bytes = try #require(TextEncoding.convert(Data(csv.utf8), from: "UTF-8", to: "CP949"))
            try await owner.get("/medicines")
            let started = try await owner.postMultipart("/medicines/import", [:], files: [("file", "drugs.csv", Array(bytes))])
            #expect(started.status == .seeOther)
            let imported = try await Self.finished(owner, started)
            #expect(imported.status == .ok)
            #expect(imported.text.contains("Drug list: 1 added, 0 updated, 0 rows not read."))
            let found = try await owner.get("/medicines?q=%ED%83%80%EC%9D%B4%EB%A0%88")  // 타이레
            #expect(found.text.contains("타이레놀정500밀리그람") && found.text.contains("한국얀센"))
            let nothing = try await owner.get("/medicines?q=zzzz")
            #expect(nothing.text.contains("Nothing matches that search."))
            let id = try #require(try MedicineRepository(hearth.database).search("타이레놀").first?.id)
            let page = try await owner.get("/medicines/\(id)").text
            #expect(page.contains("아세트아미노펜 500mg") && page.contains("Over the counter"))

            try await owner.get("/medicines/new")
            let refused = try await owner.post("/medicines", ["kind": "supplement", "name": " "])
            #expect(refused.status == .unprocessableContent && refused.text.contains("Give it a name."))
            let added = try await owner.post("/medicines", ["kind": "supplement", "name": "Vitamin D 1000 IU", "how_to_take": "One a day with food"])
            #expect(added.status == .seeOther)
            #expect(try await owner.get("/medicines?q=vitamin").text.contains("Vitamin D 1000 IU"))
            #expect(try await owner.get("/medicines?q=vitamin+1000").text.contains("Vitamin D 1000 IU"), "a browser's form writes a space as +")
            // From the item's page to a regimen with it: picked, with how to take it.
            let vitamin = try #require(try MedicineRepository(hearth.database).search("Vitamin D").first)
            let pet = try await owner.addPet("Mochi")
            #expect(try await owner.get("/medicines/\(vitamin.id)").text.contains(#"action="/regimens/new""#))
            let form = try await owner.get("/regimens/new?subject=\(pet)&medicine=\(vitamin.id)").text
            #expect(
                form.contains(#"name="item_1_medicine" value="\#(vitamin.id)""#) && form.contains("Vitamin D 1000 IU")
                    && form.contains("How to take it: One a day with food"))
            let wrong = try await Self.finished(
                owner, try await owner.postMultipart("/medicines/import", [:], files: [("file", "steps.csv", Array("Date,Steps\n1,2\n".utf8))]))
            #expect(wrong.status == .unprocessableContent && wrong.text.contains("none of the drug-permit list, the supplement list or the DUR lists"))
            #expect(try MedicineRepository(hearth.database).count() == 2)
        }
    }
}

@Suite("A catalogue item's photo")
struct MedicinePhotoTests {
    @Test(
        "a photo taken with the item is stored, shown and served; a file that is not a photo is refused on the form with nothing saved; a new photo replaces the old"
    )
    func photo() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/medicines/new")
            let refused = try await owner.postMultipart(
                "/medicines", ["kind": "medicine", "name": "Eye drops"], files: [("photo", "box.jpg", Array("not a photo".utf8))])
            #expect(refused.status == .unprocessableContent && refused.text.contains("Nothing was saved"))
            #expect(try MedicineRepository(hearth.database).count() == 0)
            let added = try await owner.postMultipart(
                "/medicines", ["kind": "medicine", "name": "Eye drops"], files: [("photo", "box.jpg", try fixture("exif-orientation/Landscape_1.jpg"))])
            #expect(added.status == .seeOther)
            let item = try #require(try MedicineRepository(hearth.database).search("Eye drops").first)
            let first = try #require(item.photoSHA)
            #expect(try await owner.get("/medicines/\(item.id)").text.contains("/photos/\(first)-1600.jpg"))
            #expect(try await owner.get("/photos/\(first)-320.jpg").status == .ok)
            try await owner.get("/medicines/\(item.id)/edit")
            let replaced = try await owner.postMultipart(
                "/medicines/\(item.id)", ["kind": "medicine", "name": "Eye drops"],
                files: [("photo", "box.jpg", try fixture("exif-orientation/Landscape_3.jpg"))])
            #expect(replaced.status == .seeOther)
            let second = try #require(try MedicineRepository(hearth.database).medicine(id: item.id)?.photoSHA)
            #expect(second != first)
            #expect(try await owner.get("/photos/\(first)-320.jpg").status == .notFound, "the old photo is gone with nothing using it")
        }
    }

    @Test("an import's page answers only who started it, at an id nobody can guess")
    func importPageIsTheStarters() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/medicines")
            let started = try await owner.postMultipart(
                "/medicines/import", [:], files: [("file", "private-list.csv", Array("ITEM_SEQ,ITEM_NAME,ENTP_NAME\n1,A,B\n".utf8))])
            let page = try #require(started.headers[.location])
            #expect(page.count == "/medicines/imports/".count + 32, "128 random bits, not a counter")
            _ = try await MedicineCatalogueWebTests.finished(owner, started)
            _ = try await owner.addMember("dad", role: .adult, database: hearth.database)
            let dad = Browser(owner.client)
            try await dad.signIn("dad", "member password 1")
            #expect(try await dad.get(page).status == .notFound)
            #expect(try await dad.get(page + "/status").status == .notFound)
            #expect(try await dad.get("/medicines/imports/1").status == .notFound)
        }
    }
}
