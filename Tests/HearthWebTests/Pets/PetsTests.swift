import Crypto
import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Pets, records and photos over HTTP")
struct PetsTests {
    /// Everything an upload could have left behind: database rows and files.
    struct Footprint: Equatable {
        let pets: Int
        let entries: Int
        let photoRows: Int
        let photoFiles: [String]
        let temporaryFiles: [String]

        init(_ hearth: Hearth, _ directory: String) async throws {
            let counts = try hearth.database.read { db in
                [
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM subject")!, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry")!,
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM photo")!,
                ]
            }
            pets = counts[0]
            entries = counts[1]
            photoRows = counts[2]
            photoFiles = (FileManager.default.subpaths(atPath: directory + "/photos") ?? []).sorted()
            temporaryFiles = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/tmp")) ?? []
        }
    }

    @Test("a pet with a photo: stored once by digest, served to members with long cache headers, never to strangers")
    func petWithPhoto() async throws {
        let directory = temporaryDataDirectory()
        try await withHousehold(dataDirectory: directory) { hearth, owner in
            let photo = try fixture("exif-orientation/Landscape_6.jpg")
            let nabi = try await owner.addPet("Nabi", photo: photo)
            let page = try await owner.get("/pets/\(nabi)")
            #expect(page.status == .ok)
            let sha = SHA256.hex(photo)
            #expect(page.text.contains("/photos/\(sha)-320.jpg"))

            let thumbnail = try await owner.get("/photos/\(sha)-320.jpg")
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers[.contentType] == "image/jpeg")
            #expect(thumbnail.headers[.cacheControl]?.contains("max-age=31536000") == true)
            #expect(try await owner.get("/photos/\(sha)-1600.jpg").status == .ok)
            let original = try await owner.get("/photos/\(sha).jpg")
            #expect(Array(original.body.readableBytesView) == photo, "the original, byte for byte")

            let stranger = Browser(owner.client)
            #expect(try await stranger.get("/photos/\(sha)-320.jpg").location?.hasPrefix("/login") == true)
            #expect(try await owner.get("/photos/\(String(repeating: "0", count: 64))-320.jpg").status == .notFound)
            #expect(try await owner.get("/photos/..%2f..%2fhearth.sqlite").status == .notFound)

            // The same bytes again, for a second pet: one photo, one set of files.
            _ = try await owner.addPet("Bori", species: "dog", photo: photo)
            let footprint = try await Footprint(hearth, directory)
            #expect(footprint.photoRows == 1)
            #expect(footprint.photoFiles.filter { $0.hasSuffix(".jpg") }.count == 3)
            #expect(footprint.temporaryFiles.isEmpty)
        }
    }

    @Test(
        "bad files are refused with a message naming each, 422, and nothing at all is written",
        arguments: ["truncated", "text", "bomb"])
    func badFiles(kind: String) async throws {
        let directory = temporaryDataDirectory()
        try await withHousehold(dataDirectory: directory) { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            let good = try fixture("exif-orientation/Landscape_1.jpg")
            let (filename, bytes, message): (String, [UInt8], String) =
                switch kind {
                case "truncated": ("cut.jpg", Array(good.prefix(good.count / 2)), "damaged or was cut off")
                case "text": ("notes.jpg", Array("Shopping list: cat food, litter".utf8), "not a photo Hearth can read")
                default: ("huge.png", Self.pngClaiming(width: 100_000, height: 100_000), "100000×100000 pixels is more than 50 megapixels")
                }
            try await owner.get("/pets/\(nabi)/records/new?kind=diary")
            let before = try await Footprint(hearth, directory)
            let response = try await owner.postMultipart(
                "/pets/\(nabi)/records", ["kind": "diary", "title": "Beach day", "date": "2026-11-20", "time": "10:00"],
                files: [("photos", "good.jpg", good), ("photos", filename, bytes)])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("“\(filename)”: "))
            #expect(response.text.contains(message))
            #expect(response.text.contains("Nothing was saved"))
            #expect(response.text.contains(#"value="Beach day""#), "the rest of the form is kept")
            #expect(try await Footprint(hearth, directory) == before, "no row, no file, no temporary file")
        }
    }

    @Test("an upload cut off mid-way (Wi-Fi lost) saves nothing")
    func cutOff() async throws {
        let directory = temporaryDataDirectory()
        try await withHousehold(dataDirectory: directory) { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(nabi)/records/new?kind=diary")
            let before = try await Footprint(hearth, directory)
            let response = try await owner.postMultipart(
                "/pets/\(nabi)/records", ["kind": "diary", "title": "Beach", "date": "2026-11-20", "time": "10:00"],
                files: [("photos", "beach.jpg", try fixture("exif-orientation/Landscape_1.jpg"))], truncateTo: 200_000)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("The upload was interrupted"))
            #expect(try await Footprint(hearth, directory) == before)
        }
    }

    @Test("a photo form without its CSRF token first is a 403, and no file is written")
    func multipartCSRF() async throws {
        let directory = temporaryDataDirectory()
        try await withHousehold(dataDirectory: directory) { hearth, owner in
            let before = try await Footprint(hearth, directory)
            let response = try await owner.postMultipart(
                "/pets", ["name": "Nabi", "species": "cat"], files: [("photo", "a.jpg", try fixture("exif-orientation/Landscape_1.jpg"))], withCSRF: false)
            #expect(response.status == .forbidden)
            #expect(try await Footprint(hearth, directory) == before)
        }
    }

    @Test("viewers see pets and timelines and change nothing")
    func viewer() async throws {
        let directory = temporaryDataDirectory()
        try await withHousehold(dataDirectory: directory) { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(nabi)/records/new?kind=weight")
            #expect(
                try await owner.postMultipart(
                    "/pets/\(nabi)/records", ["kind": "weight", "weight": "4.2", "unit": "kg", "date": "2026-11-20", "time": "08:00"]
                ).status == .seeOther)
            let entryID = try #require(try await EntryRepository(hearth.database).timeline(subjectID: nabi).first?.id)
            try await owner.addMember("kid", role: .viewer, database: hearth.database)
            let kid = Browser(owner.client)
            try await kid.signIn("kid", "member password 1")
            let page = try await kid.get("/pets/\(nabi)")
            #expect(page.status == .ok)
            #expect(!page.text.contains("records/new"), "no quick-add buttons for a viewer")
            let timeline = try await kid.get("/pets/\(nabi)/timeline").text
            #expect(timeline.contains("4.2 kg"))
            #expect(!timeline.contains("record-delete") && !timeline.contains("/delete"), "no delete controls for a viewer")
            #expect(try await kid.get("/pets/new").status == .forbidden)
            #expect(try await kid.get("/pets/\(nabi)/records/new?kind=weight").status == .forbidden)

            let before = try await Footprint(hearth, directory)
            let snapshot = try await EntryRepository(hearth.database).entry(id: entryID)
            let posts: [(String, [String: String])] = [
                ("/pets", ["name": "Intruder", "species": "cat"]),
                ("/pets/\(nabi)", ["name": "Renamed", "species": "cat"]),
                ("/pets/\(nabi)/records", ["kind": "weight", "weight": "9", "date": "2026-11-20", "time": "09:00"]),
                ("/records/\(entryID)", ["weight": "9", "date": "2026-11-20", "time": "09:00"]),
                ("/records/\(entryID)/delete", [:]),
                ("/pets/\(nabi)/archive", [:]),
            ]
            for (path, fields) in posts {
                let response = try await kid.postMultipart(path, fields)
                #expect(response.status == .forbidden, "\(path)")
            }
            #expect(try await kid.post("/records/\(entryID)/restore", [:]).status == .forbidden)
            #expect(try await Footprint(hearth, directory) == before)
            #expect(try await EntryRepository(hearth.database).entry(id: entryID) == snapshot)
            #expect(try await PetRepository(hearth.database).pet(id: nabi, access: .everyone)?.profile.name == "Nabi")
        }
    }

    @Test("editing a record: new values saved, a photo left unticked is removed with its files")
    func editRecord() async throws {
        let directory = temporaryDataDirectory()
        try await withHousehold(dataDirectory: directory) { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            let first = try fixture("exif-orientation/Landscape_1.jpg"), second = try fixture("exif-orientation/Landscape_2.jpg")
            try await owner.get("/pets/\(nabi)/records/new?kind=diary")
            #expect(
                try await owner.postMultipart(
                    "/pets/\(nabi)/records", ["kind": "diary", "title": "Park", "date": "2026-11-20", "time": "10:00"],
                    files: [("photos", "a.jpg", first), ("photos", "b.jpg", second)]
                ).status == .seeOther)
            let entry = try #require(try await EntryRepository(hearth.database).timeline(subjectID: nabi).first)
            #expect(entry.photos == [SHA256.hex(first), SHA256.hex(second)])
            // The pet's page shows them among its recent photos, each linking to its preview.
            let petPage = try await owner.get("/pets/\(nabi)").text
            for sha in entry.photos {
                #expect(petPage.contains(#"<li><a href="/photos/\#(sha)-1600.jpg"><img src="/photos/\#(sha)-320.jpg""#))
            }

            let form = try await owner.get("/records/\(entry.id)/edit")
            #expect(form.text.contains(#"value="Park""#))
            #expect(form.text.contains("keep_\(SHA256.hex(first))"))
            let saved = try await owner.postMultipart(
                "/records/\(entry.id)",
                [
                    "title": "Park, then home", "date": "2026-11-20", "time": "11:15", "keep_\(SHA256.hex(second))": "on",
                ])
            #expect(saved.status == .seeOther)
            let edited = try #require(try await EntryRepository(hearth.database).entry(id: entry.id))
            #expect(edited.details == .diary(title: "Park, then home", text: nil))
            #expect(edited.photos == [SHA256.hex(second)])
            #expect(LocalTime.clock(edited.occurredAt, in: TimeZone(identifier: "Asia/Seoul")!) == "11:15")
            let files = try PhotoFiles(dataDirectory: directory)
            #expect(!FileManager.default.fileExists(atPath: files.path(SHA256.hex(first), .thumbnail)), "nothing refers to it any more")
            #expect(FileManager.default.fileExists(atPath: files.path(SHA256.hex(second), .thumbnail)))
        }
    }

    @Test("delete, then undo from the page that follows")
    func deleteAndUndo() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(nabi)/records/new?kind=walk")
            #expect(
                try await owner.postMultipart(
                    "/pets/\(nabi)/records", ["kind": "walk", "minutes": "25", "activity": "walk", "date": "2026-11-20", "time": "07:00"]
                ).status == .seeOther)
            let id = try #require(try await EntryRepository(hearth.database).timeline(subjectID: nabi).first?.id)
            // The delete button names the page's one delete form, which carries the token once.
            let timeline = try await owner.get("/pets/\(nabi)/timeline").text
            #expect(timeline.contains(#"form="record-delete" formaction="/records/\#(id)/delete""#))
            #expect(timeline.components(separatedBy: #"<form id="record-delete" method="post""#).count == 2)
            #expect(timeline.components(separatedBy: #"name="_csrf""#).count == 3, "the delete form's and the sign-out form's")
            let deleted = try await owner.post("/records/\(id)/delete", [:])
            #expect(deleted.location == "/pets/\(nabi)/timeline?deleted=\(id)")
            let page = try await owner.get(deleted.location!)
            #expect(page.text.contains(#"action="/records/\#(id)/restore""#))
            #expect(page.text.contains("Record deleted."))
            #expect(!page.text.contains("25 min"))
            let restored = try await owner.post("/records/\(id)/restore", [:])
            #expect(restored.status == .seeOther)
            #expect(try await owner.get(restored.location!).text.contains("25 min"))
        }
    }

    @Test("an archived pet leaves the list but keeps its records and stays reachable")
    func archive() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            _ = try await owner.addPet("Bori", species: "dog")
            try await owner.get("/pets/\(nabi)/records/new?kind=weight")
            _ = try await owner.postMultipart("/pets/\(nabi)/records", ["kind": "weight", "weight": "4", "date": "2026-11-20", "time": "08:00"])
            try await owner.get("/pets/\(nabi)")
            #expect(try await owner.post("/pets/\(nabi)/archive", [:]).status == .seeOther)
            let list = try await owner.get("/pets")
            #expect(!list.text.contains(">Nabi<") && list.text.contains(">Bori<"))
            let archived = try await owner.get("/pets?archived=1")
            #expect(archived.text.contains(">Nabi<") && !archived.text.contains(">Bori<"))
            #expect(try await owner.get("/pets/\(nabi)/timeline").text.contains("4 kg"))
            try await owner.get("/pets/\(nabi)")
            #expect(try await owner.post("/pets/\(nabi)/unarchive", [:]).status == .seeOther)
            #expect(try await owner.get("/pets").text.contains(">Nabi<"))
        }
    }

    @Test("the timeline pages by keyset, with rel=next until the oldest record")
    func timelinePages() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            let entries = EntryRepository(hearth.database)
            let start = Date(timeIntervalSince1970: 1_780_000_000)
            for index in 0..<35 {
                let instant = start.addingTimeInterval(Double(index) * 3600)
                _ = try await entries.create(
                    subjectID: nabi,
                    RecordInput(
                        occurredAt: instant, localDate: LocalDate(instant, in: TimeZone(identifier: "Asia/Seoul")!), note: "n\(index)",
                        details: .weight(value: 4000 + Double(index), unit: .g)),
                    photos: [], createdBy: nil)
            }
            let first = try await owner.get("/pets/\(nabi)/timeline")
            #expect(first.text.components(separatedBy: #"class="entry weight""#).count - 1 == 30)
            #expect(first.text.contains("n34") && !first.text.contains(">n4<"))
            let next = try #require(first.text.firstMatch(of: /href="([^"]+)" rel="next"/)?.output.1)
            let second = try await owner.get(String(next).replacingOccurrences(of: "&amp;", with: "&"))
            #expect(second.text.components(separatedBy: #"class="entry weight""#).count - 1 == 5)
            #expect(second.text.contains(">n0<") && !second.text.contains(">n5<"))
            #expect(!second.text.contains(#"rel="next""#))
            let walks = try await owner.get("/pets/\(nabi)/timeline?kind=walk")
            #expect(walks.text.contains("No records here."))
        }
    }

    @Test("record forms: impossible dates and bad numbers come back as field errors")
    func recordValidation() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(nabi)/records/new?kind=weight")
            let response = try await owner.postMultipart("/pets/\(nabi)/records", ["kind": "weight", "weight": "heavy", "date": "2026-02-30", "time": "25:00"])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("This date does not exist."))
            #expect(response.text.contains("This is not a number."))
            #expect(try await EntryRepository(hearth.database).timeline(subjectID: nabi).isEmpty)
        }
    }

    @Test("a weight on the timeline shows its change from the one before")
    func weightChanges() async throws {
        try await withHousehold { _, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(nabi)/records/new?kind=weight")
            for (value, time) in [("4", "08:00"), ("4.25", "09:00"), ("4.1", "10:00")] {
                let form = ["kind": "weight", "weight": value, "unit": "kg", "date": "2026-11-20", "time": time]
                #expect(try await owner.postMultipart("/pets/\(nabi)/records", form).status == .seeOther)
            }
            let timeline = try await owner.get("/pets/\(nabi)/timeline").text
            #expect(timeline.contains("4.1 kg · −0.15 kg"))
            #expect(timeline.contains("4.25 kg · +0.25 kg"))
            #expect(timeline.contains(#"<span class="detail">4 kg</span>"#), "the first weight has nothing to compare with")
            // The pet's page heads with the latest weight and its change.
            #expect(try await owner.get("/pets/\(nabi)").text.contains(#"<strong>4.1 kg</strong> <span class="change">(−0.15 kg)</span>"#))
        }
    }

    @Test("a meal's amount reads right: one piece, two pieces, grams")
    func mealAmounts() async throws {
        try await withHousehold { _, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(nabi)/records/new?kind=meal")
            for (amount, unit) in [("1", "pieces"), ("2", "pieces"), ("40", "g")] {
                let form = [
                    "kind": "meal", "new_food_name": "Treat", "amount": amount, "amount_unit": unit, "outcome": "all", "date": "2026-11-20",
                    "time": "08:0\(amount.count)",
                ]
                #expect(try await owner.postMultipart("/pets/\(nabi)/records", form).status == .seeOther)
            }
            let timeline = try await owner.get("/pets/\(nabi)/timeline").text
            for shown in ["Treat · 1 piece · ", "Treat · 2 pieces · ", "Treat · 40 g · "] {
                #expect(timeline.contains(shown), "\(shown)")
            }
            #expect(timeline.components(separatedBy: #"<span class="by">by Mina</span>"#).count == 4, "each record says who recorded it")
            // "Treat" was typed as a food (the default kind): a meal. A new snack is called a snack.
            #expect(timeline.contains("<strong>Meal</strong> <span class=\"detail\">Treat · 40 g"))
            let snack = [
                "kind": "meal", "new_food_name": "Jerky", "new_food_kind": "snack", "amount": "1", "amount_unit": "pieces", "outcome": "all",
                "date": "2026-11-20", "time": "09:00",
            ]
            #expect(try await owner.postMultipart("/pets/\(nabi)/records", snack).status == .seeOther)
            #expect(try await owner.get("/pets/\(nabi)/timeline").text.contains("<strong>Snack</strong> <span class=\"detail\">Jerky · 1 piece"))
        }
    }

    @Test("a food preference set on the pet page sorts that food first")
    func preferences() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            for food in ["Apple", "Zucchini"] {
                try await owner.get("/pets/\(nabi)/records/new?kind=meal")
                #expect(
                    try await owner.postMultipart(
                        "/pets/\(nabi)/records", ["kind": "meal", "new_food_name": food, "outcome": "some", "date": "2026-11-20", "time": "08:00"]
                    ).status == .seeOther)
            }
            let zucchini = try #require(try await FoodRepository(hearth.database).foods(for: nabi).first { $0.food.name == "Zucchini" }?.food.id)
            try await owner.get("/pets/\(nabi)")
            #expect(try await owner.post("/pets/\(nabi)/foods/\(zucchini)/preference", ["preference": "loves"]).status == .seeOther)
            let form = try await owner.get("/pets/\(nabi)/records/new?kind=meal")
            let zucchiniAt = try #require(form.text.range(of: "Zucchini — Loves")).lowerBound
            let appleAt = try #require(form.text.range(of: ">Apple<")).lowerBound
            #expect(zucchiniAt < appleAt)
            // The pet's page shows the preference and offers it, selected, to change.
            let page = try await owner.get("/pets/\(nabi)").text
            #expect(page.contains(#"<span class="food-name">Zucchini <span class="tag">Loves</span></span>"#))
            #expect(page.contains(#"action="/pets/\#(nabi)/foods/\#(zucchini)/preference""#))
            #expect(page.contains(#"<option value="loves" selected>Loves</option>"#))
            #expect(try await owner.post("/pets/\(nabi)/foods/\(zucchini)/preference", ["preference": "allergic"]).status == .seeOther)
            #expect(try await owner.get("/pets/\(nabi)").text.contains(#"<li class="allergic"><span class="food-name">Zucchini"#))
        }
    }

    static func pngClaiming(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0, 0, 0, 0, 0] + Array(repeating: 0, count: 64)
    }
}
