import Crypto
import Foundation
import HTTPTypes
import GRDB
import HearthAPI
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// What scripts do through the API, against the real router and a real SQLite file.
@Suite("API calls")
struct APICallTests {
    /// A household with a pet and a person, and a read-and-record token of the owner's.
    static func withAPI(_ test: @Sendable (Hearth, APIClient, (pet: Int64, person: Int64)) async throws -> Void) async throws {
        try await withHousehold { hearth, owner in
            let pet = try await owner.addPet("Nabi")
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun", colour: .orange), photo: nil)
            let token = try await APITokenRepository(hearth.database).make(for: "mina", scope: .record, database: hearth.database)
            try await test(hearth, APIClient(client: owner.client, token: token), (pet, person.id))
        }
    }

    @Test("a record is made as the form makes it: Korean numbers read as written, a bad field named in the member's language, nothing written")
    func records() async throws {
        try await Self.withAPI { hearth, api, ids in
            let made = try await api.call(
                .post, "/api/v1/subjects/\(ids.pet)/records",
                json: #"{"kind": "meal", "at": "2026-11-24T08:05:00+09:00", "fields": {"new_food_name": "사료", "amount": "4,800 g"}}"#)
            #expect(made.status == .created)
            let record = try APIClient.json(made)
            #expect((record["fields"] as? [String: String])?["amount"] == "4800")
            #expect(made.headers[.location] == "/api/v1/records/\(record["id"]!)")
            #expect(record["date"] as? String == "2026-11-24" && record["at"] as? String == "2026-11-24T08:05:00+09:00", "the household's day and offset")

            try await AccountRepository(hearth.database).setPreferences(displayName: "Mina", language: .ko, accountID: 1)
            let refused = try await api.call(.post, "/api/v1/subjects/\(ids.pet)/records", json: #"{"kind": "weight", "fields": {"weight": "무거움"}}"#)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.headers[.contentType] == "application/problem+json")
            let errors = try APIClient.json(refused)["errors"] as? [[String: String]]
            #expect(errors?.first?["field"] == "weight")
            #expect(errors?.first?["message"]?.contains("숫자") == true, "\(errors ?? [])")
            // A field past the description's 4,000 characters, named by the form or not, is refused on it.
            let long = String(repeating: "*", count: 4001)
            let tooLong = try await api.call(
                .post, "/api/v1/subjects/\(ids.pet)/records", json: #"{"kind": "vomit", "fields": {"times": "1", "stray": "\#(long)"}}"#)
            #expect(tooLong.status == .unprocessableContent)
            #expect((try APIClient.json(tooLong)["errors"] as? [[String: String]])?.first?["field"] == "stray")
            let count = try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry")! }
            #expect(count == 1)

            let missing = try await api.call(.post, "/api/v1/subjects/\(ids.pet)/records", json: #"{"fields": {}}"#)
            #expect(missing.status == .badRequest, "a body the description does not allow")
        }
    }

    @Test("the list pages by keyset until the last page, by kind and days; a record is changed, then deleted")
    func listChangeDelete() async throws {
        try await Self.withAPI { hearth, api, ids in
            for day in 1...5 {
                let sent = #"{"kind": "walk", "at": "2026-11-0\#(day)T07:00:00Z", "fields": {"activity": "walk", "minutes": "30"}}"#
                #expect(try await api.call(.post, "/api/v1/subjects/\(ids.pet)/records", json: sent).status == .created)
            }
            var seen: [Int] = []
            var path = "/api/v1/subjects/\(ids.pet)/records?kind=walk&from=2026-11-02&limit=2"
            while true {
                let page = try APIClient.json(try await api.call(.get, path))
                seen += (page["records"] as? [[String: Any]] ?? []).map { $0["id"] as! Int }
                guard let next = page["next"] as? String else { break }
                path = "/api/v1/subjects/\(ids.pet)/records?kind=walk&from=2026-11-02&limit=2&after=\(next)"
            }
            #expect(seen == [5, 4, 3, 2])
            let changed = try APIClient.json(try await api.call(.patch, "/api/v1/records/5", json: #"{"fields": {"minutes": "45"}}"#))
            #expect((changed["fields"] as? [String: String])?["minutes"] == "45")
            #expect((changed["fields"] as? [String: String])?["activity"] == "walk", "what was not sent stays")
            #expect(try await api.call(.delete, "/api/v1/records/5").status == .noContent)
            #expect(try await api.call(.get, "/api/v1/records/5").status == .notFound)
            #expect(try await api.call(.get, "/api/v1/subjects/\(ids.pet)/records?after=nonsense").status == .badRequest)
        }
    }

    @Test("the same Idempotency-Key twice makes one record, also when the two race")
    func idempotent() async throws {
        try await Self.withAPI { hearth, api, ids in
            let body = #"{"kind": "toilet", "fields": {"urine": "on"}}"#
            let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "first-key-0001"]
            let first = try await api.call(.post, "/api/v1/subjects/\(ids.pet)/records", json: body, headers: key)
            let again = try await api.call(.post, "/api/v1/subjects/\(ids.pet)/records", json: body, headers: key)
            #expect(first.status == .created && again.status == .created)
            #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(again.text == first.text)

            let raced: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "raced-key-0002"]
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await api.call(.post, "/api/v1/people/\(ids.person)/water", json: #"{"ml": 200}"#, headers: raced).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .ok || $0 == .conflict }, "\(statuses)")
            let water = try DailyRepository(hearth.database).water(subjectID: ids.person, on: LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!))
            #expect(water.drankML == 200, "one of four")
            let count = try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry WHERE kind = 'toilet'")! }
            #expect(count == 1)
        }
    }

    @Test("doses: marked given at a time, a second giver told who and when (409), skipped with a reason, undone")
    func doses() async throws {
        try await Self.withAPI { hearth, api, ids in
            let regimen = try await RegimenRepository(hearth.database).create(
                subjectID: ids.pet,
                RegimenInput(
                    name: "Heart pills", items: [RegimenItemInput(name: "Pimobendan", amount: 1, unit: "tablet")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480], start: LocalDate("2026-01-01")!)))
            let dose = "\(regimen)-2026-01-02-480"
            let list = try APIClient.json(try await api.call(.get, "/api/v1/doses?date=2026-01-02"))
            let listed = list["doses"] as? [[String: Any]]
            #expect(listed?.first?["id"] as? String == dose && listed?.first?["state"] as? String == "missed")
            // The next dose still to come, however late in the day it is asked.
            let today = try APIClient.json(try await api.call(.get, "/api/v1/doses"))
            let next = try #require(today["next"] as? [String: Any], "\(today)")
            #expect(["later", "due"].contains(next["state"] as? String), "the one due now, or the first still to come")
            #expect(try await api.call(.get, "/api/v1/doses?subject=0").status == .badRequest)
            let given = try APIClient.json(try await api.call(.post, "/api/v1/doses/\(dose)/given", json: #"{"at": "2026-01-01T23:10:00Z"}"#))
            #expect(given["state"] as? String == "given" && given["givenAt"] as? String == "2026-01-02T08:10:00+09:00", "any offset in, the household's out")
            let twice = try await api.call(.post, "/api/v1/doses/\(dose)/given")
            #expect(twice.status == .conflict)
            #expect((try APIClient.json(twice)["detail"] as? String)?.contains("given by Mina at 08:10") == true, "\(twice.text)")
            #expect(try await api.call(.delete, "/api/v1/doses/\(dose)/mark").status == .ok)
            let skipped = try APIClient.json(try await api.call(.post, "/api/v1/doses/\(dose)/skipped", json: #"{"reason": "Asleep"}"#))
            #expect(skipped["state"] as? String == "skipped" && skipped["reason"] as? String == "Asleep")
            // Not a dose still to come, nor at a time long before it was due; a past day's dose given without a time was given at its time.
            #expect(try await api.call(.post, "/api/v1/doses/\(regimen)-2030-01-01-480/given").status == .unprocessableContent)
            let early = try await api.call(.post, "/api/v1/doses/\(regimen)-2026-01-03-480/given", json: #"{"at": "0001-01-01T00:00:00Z"}"#)
            #expect(early.status == .unprocessableContent && early.text.contains(#""field":"at""#), "\(early.text)")
            let late = try APIClient.json(try await api.call(.post, "/api/v1/doses/\(regimen)-2026-01-03-480/given"))
            #expect(late["givenAt"] as? String == "2026-01-03T08:00:00+09:00", "\(late)")
            #expect(try await api.call(.post, "/api/v1/doses/\(regimen)-2026-02-30-480/given").status == .notFound)
            #expect(try await api.call(.post, "/api/v1/doses/\(regimen)-2026-01-02-481/given").status == .notFound)
        }
    }

    @Test("photos added to a record as multipart: kept and listed; a file that is not a photo refuses them all")
    func photos() async throws {
        try await Self.withAPI { hearth, api, ids in
            let made = try APIClient.json(
                try await api.call(.post, "/api/v1/subjects/\(ids.pet)/records", json: #"{"kind": "diary", "fields": {"title": "Sunny"}}"#))
            let id = made["id"] as! Int
            let refused = try await api.photos(
                "/api/v1/records/\(id)/photos", [("a.jpg", try fixture("exif-orientation/Landscape_1.jpg")), ("b.jpg", Array("not a photo".utf8))])
            #expect(refused.status == .unprocessableContent)
            #expect(try await EntryRepository(hearth.database).entry(id: Int64(id))?.photos == [])
            let added = try await api.photos("/api/v1/records/\(id)/photos", [("a.jpg", try fixture("exif-orientation/Landscape_1.jpg"))])
            #expect(added.status == .ok)
            #expect((try APIClient.json(added)["photos"] as? [String])?.count == 1)
            // As generated clients send a file: application/octet-stream, the photo read from its bytes.
            let generic = try await api.photos(
                "/api/v1/records/\(id)/photos", [("b.jpg", try fixture("exif-orientation/Landscape_3.jpg"))], partType: "application/octet-stream")
            #expect(generic.status == .ok, "\(generic.text)")
            #expect((try APIClient.json(generic)["photos"] as? [String])?.count == 2)
            // More parts than the description's maxItems: refused on its field, as a request it does not allow (not 413).
            let many = try await api.photos("/api/v1/records/\(id)/photos", Array(repeating: ("c.jpg", Array("x".utf8)), count: 21))
            #expect(many.status == .unprocessableContent && many.text.contains(#""field":"photo""#), "\(many.status) \(many.text)")
        }
    }

    @Test("water by cups and steps for a day, never one to come")
    func people() async throws {
        try await Self.withAPI { hearth, api, ids in
            let water = try APIClient.json(try await api.call(.post, "/api/v1/people/\(ids.person)/water", json: #"{"cups": 2}"#))
            #expect(water["ml"] as? Int == 500 && water["cupMl"] as? Int == 250)
            let steps = try await api.call(.put, "/api/v1/people/\(ids.person)/steps", json: #"{"steps": 8123, "date": "2026-01-02"}"#)
            #expect(try APIClient.json(steps)["steps"] as? Int == 8123)
            let future = try await api.call(.put, "/api/v1/people/\(ids.person)/steps", json: #"{"steps": 1, "date": "2099-01-02"}"#)
            #expect(future.status == .unprocessableContent)
            let pet = try await api.call(.post, "/api/v1/people/\(ids.pet)/water", json: #"{"cups": 1}"#)
            #expect(pet.status == .unprocessableContent && pet.text.contains("not a person"), "a pet drinks no cups, and is not said to be gone")
            #expect(try await api.call(.post, "/api/v1/people/\(ids.person)/water", json: #"{"cups": 1, "ml": 5}"#).status == .unprocessableContent)
        }
    }

    @Test("water and steps past the bounds the description declares are refused on their field, nothing written; a date-time in other digits is 400")
    func boundsAtTheDoor() async throws {
        try await Self.withAPI { hearth, api, ids in
            for body in [#"{"ml": 9223372036854775807}"#, #"{"cups": 50}"#, #"{"cups": -80}"#, #"{"cups": 9223372036854775807}"#, #"{"ml": 0}"#] {
                let refused = try await api.call(.post, "/api/v1/people/\(ids.person)/water", json: body)
                #expect(refused.status == .unprocessableContent, "\(body): \(refused.status)")
            }
            for steps in ["-1", "200001", "9223372036854775807"] {
                let refused = try await api.call(.put, "/api/v1/people/\(ids.person)/steps", json: #"{"steps": \#(steps)}"#)
                #expect(refused.status == .unprocessableContent, "\(steps): \(refused.status)")
                #expect(try APIClient.json(refused)["errors"].map { "\($0)" }?.contains("steps") == true)
            }
            #expect(try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM daily_value") } == 0, "nothing written")
            let odd = try await api.call(
                .post, "/api/v1/subjects/\(ids.pet)/records", json: #"{"kind": "diary", "at": "２０２６-11-27T10:00:00Z", "fields": {"title": "x"}}"#)
            #expect(odd.status == .badRequest)
            let problem = try APIClient.json(odd)
            #expect(!(problem["detail"] as? String ?? "").contains("DecodingError") && !(problem["detail"] as? String ?? "").contains("Debug"), "\(problem)")
            #expect(try await api.call(.get, "/api/v1/me").status == .ok, "the server is still there")
        }
    }

    @Test("a value already stored past its bounds (written before they were kept) does not stop a page: home, the person, the report, the API")
    func storedOutOfRange() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Grandma", colour: .orange), photo: nil)
            let today = LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)
            try await hearth.database.write { db in
                try db.execute(
                    sql: "INSERT INTO daily_value (subject_id, local_date, water_ml, water_by_hand, steps, updated_at) VALUES (?, ?, ?, 1, ?, ?)",
                    arguments: [person.id, today.description, Int64.max, Int64.max, Date()])
                try db.execute(
                    sql: "INSERT INTO daily_value (subject_id, local_date, water_ml, water_by_hand, steps, updated_at) VALUES (?, ?, ?, 1, ?, ?)",
                    arguments: [person.id, today.adding(days: -1).description, 9.3e18, -5, Date()])
            }
            let token = try await APITokenRepository(hearth.database).make(for: "mina", scope: .record, database: hearth.database)
            let api = APIClient(client: owner.client, token: token)
            let month = String(today.description.prefix(7))
            for path in [
                "/", "/people/\(person.id)", "/people/\(person.id)?day=\(today.adding(days: -1))", "/calendar/\(month)", "/reports/\(person.id)/\(month)",
                "/people/\(person.id)/charts", "/people/\(person.id)/timeline", "/settings/export/daily.csv",
            ] {
                let page = try await owner.get(path)
                #expect(page.status == .ok, "\(path): \(page.status)")
            }
            #expect(try await api.call(.get, "/api/v1/subjects").status == .ok)
            #expect(try await api.call(.get, "/api/v1/subjects/\(person.id)").status == .ok)
            // Adding to it does not overflow either.
            #expect(try await api.call(.post, "/api/v1/people/\(person.id)/water", json: #"{"cups": 1}"#).status == .ok)
            #expect(try await owner.get("/").status == .ok)
        }
    }
}

@Suite("RFC 3339 times")
struct APITimeTests {
    @Test("any offset and fraction is read; written back with the household's offset; a day that does not exist is refused")
    func times() throws {
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        let instant = try #require(APITime.date("2026-11-24T23:05:00Z"))
        #expect(APITime.text(instant, in: seoul) == "2026-11-25T08:05:00+09:00")
        #expect(APITime.date("2026-11-25T08:05:00+09:00") == instant)
        #expect(APITime.date("2026-11-25t08:05:00.250+09:00") == instant.addingTimeInterval(0.25))
        #expect(APITime.date("0803-06-04T07:10:14.09-21:01") != nil)
        // Digits that are digits to Unicode but not to Int: refused, not a crash.
        #expect(APITime.date("２０２６-11-27T10:00:00Z") == nil)
        #expect(APITime.date("2026-11-27T10:00:00+０９:00") == nil)
        #expect(APITime.date("2026-11-27T10:00:00.５Z") == nil)
        #expect(APITime.text(try #require(APITime.date("1969-12-31T23:59:59-00:30")), in: TimeZone(identifier: "America/St_Johns")!).hasSuffix("-03:30"))
        for wrong in ["2026-02-30T08:00:00Z", "2026-11-25T24:00:00Z", "2026-11-25T08:00:00+24:00", "2026-11-25T08:00Z", "2026-11-25"] {
            #expect(APITime.date(wrong) == nil, "\(wrong)")
        }
    }
}
