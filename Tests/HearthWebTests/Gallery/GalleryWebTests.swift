import Foundation
import GRDB
import HearthCore
import HearthImaging
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("The gallery, favourites and animated GIFs")
struct GalleryWebTests {
    /// Records with 1–3 photos each (many photo rows, few files), some sharing a time.
    static func records(
        _ count: Int, subjectID: Int64, database: AppDatabase, start: Date = Date(timeIntervalSince1970: 1_767_312_000)
    ) async throws -> [(at: Date, id: Int64, positions: Int)] {
        let entries = EntryRepository(database)
        var made: [(Date, Int64, Int)] = []
        for index in 0..<count {
            let at = start.addingTimeInterval(Double(index / 3) * 3 * 86_400)  // three records share each time
            let photos = (0..<(index % 3 + 1)).map { position in
                PhotoRecord(sha256: String(format: "%064x", index * 10 + position), format: "jpeg", width: 4000, height: 3000, byteCount: 1000, takenAt: nil)
            }
            let input = RecordInput(
                occurredAt: at, localDate: LocalDate(at, in: TimeZone(identifier: "Asia/Seoul")!), note: nil, details: .diary(title: "Day \(index)", text: nil))
            made.append((at, try await entries.create(subjectID: subjectID, input, photos: photos, createdBy: nil), photos.count))
        }
        return made
    }

    static func places(_ html: String) -> [String] {
        html.matches(of: /href="\/gallery\/(\d+-\d+)/).map { String($0.1) }
    }

    @Test("pages follow each other newest first with no photo missed or repeated, under month headings, with sizes set")
    func pages() async throws {
        try await withHousehold { hearth, owner in
            let pet = try await owner.addPet("Nabi")
            let made = try await Self.records(100, subjectID: pet, database: hearth.database)
            let expected = made.sorted { ($0.at, $0.id) > ($1.at, $1.id) }.flatMap { record in (0..<record.positions).map { "\(record.id)-\($0)" } }
            var seen: [String] = []
            var path: String? = "/gallery"
            var pages = 0
            while let next = path {
                let page = try await owner.get(next)
                #expect(page.status == .ok)
                seen += Self.places(page.text)
                pages += 1
                if pages == 1 {
                    #expect(page.text.contains(#"width="320" height="320" loading="lazy""#))
                    #expect(page.text.contains(#"<h2><time datetime="2026-"#))
                }
                path = page.text.firstMatch(of: /href="([^"]+)" rel="next"/).map { String($0.1).replacingOccurrences(of: "&amp;", with: "&") }
            }
            #expect(seen == expected, "every photo once, in order")
            #expect(pages == 4, "200 photos at 60 a page")
            // One subject's gallery is the same walk through its records only.
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun", colour: .orange), photo: nil)
            _ = try await Self.records(2, subjectID: person.id, database: hearth.database, start: Date(timeIntervalSince1970: 1_800_000_000))
            let own = try await owner.get("/gallery?subject=\(person.id)")
            #expect(Self.places(own.text).count == 3)
            #expect(own.text.components(separatedBy: ">Symptom diary</a>").count == 2, "the view switch once")
            let symptoms = try await owner.get("/gallery?subject=\(pet)&view=symptoms")
            #expect(symptoms.text.contains("No symptoms or vomiting recorded."))
            #expect(try await owner.get("/gallery?subject=99999").status == .notFound)
        }
    }

    @Test("favourites: a filter of their own, and a photo's previous and next stay inside it")
    func favourites() async throws {
        try await withHousehold { hearth, owner in
            let pet = try await owner.addPet("Nabi")
            let made = try await Self.records(9, subjectID: pet, database: hearth.database)
            let picked = [made[1], made[4], made[7]].map { "\($0.id)-0" }
            for place in picked {
                try await owner.get("/gallery/\(place)")
                #expect(try await owner.post("/gallery/\(place)/favourite", ["favourite": "1"]).status == .seeOther)
            }
            // The calendar's year takes January's cover from the favourites: the earliest of them.
            let year = try await owner.get("/calendar/2026")
            #expect(year.text.contains("/photos/\(String(format: "%064x", 10))-320.jpg"))
            #expect(!year.text.contains("/photos/\(String(format: "%064x", 0))-320.jpg"), "not the month's first photo")
            let list = try await owner.get("/gallery?favourites=1")
            #expect(Self.places(list.text) == picked.reversed())
            let middle = try await owner.get("/gallery/\(picked[1])?favourites=1")
            #expect(middle.text.contains(#"href="/gallery/\#(picked[2])?favourites=1" rel="prev""#))
            #expect(middle.text.contains(#"href="/gallery/\#(picked[0])?favourites=1" rel="next""#))
            // Unmarking takes it out of the filter.
            try await owner.post("/gallery/\(picked[1])/favourite", ["favourite": "0"])
            #expect(Self.places(try await owner.get("/gallery?favourites=1").text) == [picked[2], picked[0]])
        }
    }

    @Test("removing a photo takes it out of its record; its files go only when nothing else uses them")
    func remove() async throws {
        try await withHousehold { hearth, owner in
            let pet = try await owner.addPet("Nabi", photo: try fixture("exif-orientation/Landscape_1.jpg"))
            let shared = try #require(try await PetRepository(hearth.database).pet(id: pet, access: .everyone)?.photoSHA)
            let profile = try #require(try hearth.database.read { db in try PhotoRecord.fetch(sha: shared, db) })
            let files = try PhotoFiles(dataDirectory: hearth.dataDirectory)
            let alone = String(repeating: "c", count: 64)
            try FileManager.default.createDirectory(atPath: files.folder(alone), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: files.originalPath(alone, format: .jpeg), contents: Data("x".utf8))
            let at = Date(timeIntervalSince1970: 1_767_312_000)
            let record = try await EntryRepository(hearth.database).create(
                subjectID: pet, RecordInput(occurredAt: at, localDate: LocalDate("2026-01-02")!, note: nil, details: .diary(title: nil, text: nil)),
                photos: [profile, PhotoRecord(sha256: alone, format: "jpeg", width: 1, height: 1, byteCount: 1, takenAt: nil)], createdBy: nil)
            try await owner.get("/gallery/\(record)-0")
            #expect(try await owner.post("/gallery/\(record)-0/remove", [:]).headers[.location] == "/gallery/\(record)-1?removed=1")
            #expect(files.original(shared) != nil, "the pet's profile still uses it")
            try await owner.post("/gallery/\(record)-1/remove", [:])
            #expect(files.original(alone) == nil, "nothing uses it any more")
            #expect(try await owner.get("/gallery/\(record)-1").status == .notFound)
        }
    }

    @Test("an animated GIF: refused with the reason on the form, then made frame by frame, downloaded and kept as a diary photo that stays animated")
    func animation() async throws {
        try await withHousehold { hearth, owner in
            let pet = try await owner.addPet("Nabi", photo: try fixture("exif-orientation/Landscape_6.jpg"))
            let sha = try #require(try await PetRepository(hearth.database).pet(id: pet, access: .everyone)?.photoSHA)
            let photo = try #require(try hearth.database.read { db in try PhotoRecord.fetch(sha: sha, db) })
            let record = try await EntryRepository(hearth.database).create(
                subjectID: pet,
                RecordInput(
                    occurredAt: Date(timeIntervalSince1970: 1_767_312_000), localDate: LocalDate("2026-01-02")!, note: nil,
                    details: .diary(title: nil, text: nil)),
                photos: [photo, photo, photo], createdBy: nil)

            let one = try await owner.get("/gallery/animations/new?photo=\(record)-0")
            #expect(one.status == .unprocessableContent)
            #expect(one.text.contains("Pick between 2 and 50 photos"))
            let form = try await owner.get("/gallery/animations/new?photo=\(record)-0&photo=\(record)-1&photo=\(record)-2")
            #expect(form.status == .ok)
            let slow = try await owner.post("/gallery/animations", ["photos": "\(record)-0,\(record)-1,\(record)-2", "side": "320", "seconds": "5"])
            #expect(slow.status == .unprocessableContent)
            #expect(slow.text.contains("Give 0.2 to 3 seconds a frame."))
            let wrongSize = try await owner.post("/gallery/animations", ["photos": "\(record)-0,\(record)-1", "side": "1000", "seconds": "1"])
            #expect(wrongSize.text.contains("Choose 320, 480 or 640 pixels."))

            let made = try await owner.post(
                "/gallery/animations",
                ["photos": "\(record)-0,\(record)-1,\(record)-2", "side": "320", "seconds": "0.5", "loop": "on", "order_\(record)-0": "3"])
            let job = try #require(made.headers[.location])
            var page = try await owner.get(job)
            for _ in 0..<200 where !page.text.contains("is ready") {
                try await Task.sleep(for: .milliseconds(25))
                page = try await owner.get(job)
            }
            #expect(page.text.contains("3 frames"))
            let file = try await owner.get(job + "/file")
            #expect(file.headers[.contentType] == "image/gif")
            let gif = try #require(Array(file.body.readableBytesView).withUnsafeBytes { GIFStructure.scan($0) })
            #expect(gif.width == 320 && gif.height == 320 && gif.frames == 3)
            #expect(gif.delays == [50, 50, 50])
            #expect(gif.loopCount == 0, "loops for ever")

            // The job is its maker's: another member does not find it.
            try await owner.addMember("dad", role: .adult, database: hearth.database)
            let dad = Browser(owner.client)
            dad.cookies = [:]
            try await dad.signIn("dad", "member password 1")
            #expect(try await dad.get(job).status == .notFound)
            #expect(try await dad.get(job + "/file").status == .notFound)

            let saved = try await owner.post(job + "/save", ["subject": String(pet), "title": "Nabi moving"])
            let place = try #require(saved.headers[.location])
            let shown = try await owner.get(place)
            let original = try #require(shown.text.firstMatch(of: /<img src="(\/photos\/[0-9a-f]{64}\.gif)"/).map { String($0.1) })
            #expect(shown.text.contains("it keeps its EXIF data"), "the download says what the original carries")
            let stored = try await owner.get(original)
            #expect(stored.headers[.contentType] == "image/gif")
            #expect(Array(stored.body.readableBytesView).withUnsafeBytes { GIFStructure.scan($0)?.frames } == 3, "the kept photo is still animated")
        }
    }

    @Test("a 1 typed for the fifth photo makes it the first frame; other numbers move theirs, and ties keep the gallery's order")
    func frameOrder() {
        let five = ["a", "b", "c", "d", "e"]
        #expect(AnimationsController.ordered(five, ["order_e": "1"]) == ["e", "a", "b", "c", "d"])
        #expect(AnimationsController.ordered(five, ["order_a": "3"]) == ["b", "a", "c", "d", "e"])
        #expect(AnimationsController.ordered(five, ["order_a": "5", "order_e": "1"]) == ["e", "b", "c", "d", "a"])
        #expect(AnimationsController.ordered(five, [:]) == five)
        #expect(AnimationsController.ordered(five, ["order_c": "2.5"]) == ["a", "b", "c", "d", "e"])
    }
}
