import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// What a tracker's records are read as: charts on the subject's charts page (with a glucose
/// curve by hours since the insulin), urgent readings as flags, the week's home blood pressure
/// in the report, and the trackers through the API.
@Suite("Trackers read back: charts, curve, flags, report, API")
struct TrackerReadingTests {
    static let moment = TrackerWebTests.moment  // 2026-11-18 20:06 in Seoul
    static let zone = TimeZone(identifier: "Asia/Seoul")!

    @Test("a cat's glucose curve: each reading's hours since the insulin before it, the lowest ringed and said; the readings' chart with its goal band")
    func glucoseCurve() async throws {
        try await withHousehold(clock: { Self.moment }) { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            #expect(try await owner.post("/trackers/ready-made", ["ready": "glucose"]).status == .seeOther)
            let trackers = TrackerRepository(hearth.database)
            let glucose = try #require(try trackers.trackers(access: .everyone).first)
            let day = LocalDate("2026-11-18")!
            let regimens = RegimenRepository(hearth.database)
            let insulin = try await regimens.create(
                subjectID: nabi,
                RegimenInput(
                    name: "Insulin", items: [RegimenItemInput(name: "Caninsulin", amount: 2, unit: "U")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480, 1200], start: day.adding(days: -3))))
            var tied = glucose.input
            tied.regimenID = insulin
            try await trackers.update(id: glucose.id, TrackerForm.Result(tracker: tied, conversions: [:]))
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            for minutes in [480, 1200] {
                _ = try await regimens.mark(
                    regimenID: insulin, day: day, time: minutes, status: .given, givenAt: WallClock.instant(day, minutes: minutes + 5, in: Self.zone),
                    reason: nil, accountID: mina)
            }
            // The curve: just before the shot, then every two hours; 95 at 14:05 is the lowest, six hours on.
            let readings = [("07:55", "320"), ("10:05", "250"), ("12:05", "180"), ("14:05", "95"), ("16:05", "120"), ("18:05", "210"), ("20:05", "300")]
            for (time, value) in readings {
                let saved = try await owner.postMultipart(
                    "/pets/\(nabi)/records",
                    ["kind": "tracker", "tracker": String(glucose.id), "date": "2026-11-18", "time": time, "tracker_f1": value, "tracker_f3": "c1"])
                #expect(saved.status == .seeOther, "\(time)")
            }
            let key = "tracker-\(glucose.id)-f1"
            let page = try await owner.get("/pets/\(nabi)/charts?chart=\(key)&period=week&at=2026-11-18").text
            #expect(page.contains("Blood glucose · Glucose (mg/dL)"), "the tracker's chart is among the pet's, its unit in its title")
            #expect(page.contains(#"class="chart-band""#), "the goal band, 80–300 mg/dL")
            #expect(page.contains("Mean 211 mg/dL of 7 readings"), "1,475 / 7 = 210.7")
            #expect(page.contains("Lowest 95 mg/dL — 6 h after the dose (14:05)"))
            #expect(page.contains(#"<tr class="lowest"><td>14:05</td><td>6 h</td><td>95 (lowest)</td></tr>"#))
            #expect(page.contains("<tr><td>07:55</td><td>-0.2 h</td><td>320</td></tr>"), "the reading before the shot counts back from it")
            #expect(page.contains("<tr><td>20:05</td><td>0 h</td><td>300</td></tr>"), "the evening's reading counts from the evening's shot")
            #expect(page.contains(#"<g class="chart-lowest">"#))
            // The month's report draws the same curve for the vet.
            let report = try await owner.get("/reports/\(nabi)/2026-11").text
            #expect(report.contains("Lowest 95 mg/dL — 6 h after the dose (14:05)") && report.contains(#"<g class="chart-lowest">"#))
            // The pet's page links the tracker to its chart.
            #expect(try await owner.get("/pets/\(nabi)").text.contains("/pets/\(nabi)/charts?chart=\(key)"))
            // Without the dose log there is no curve, and it says why rather than drawing one from nothing.
            _ = try await hearth.database.write { db in try db.execute(sql: "DELETE FROM dose") }
            let undosed = try await owner.get("/pets/\(nabi)/charts?chart=\(key)&period=week&at=2026-11-18").text
            #expect(undosed.contains("No dose was logged in the 24 hours before this day"))
        }
    }

    @Test(
        "a seizure of six minutes raises an urgent flag with the emergency page a tap away, said at once above the page saving lands on, and first on home; four minutes does not; the API says so too"
    )
    func urgentSeizure() async throws {
        try await withHousehold(clock: { Self.moment }) { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog")
            let coco = try await owner.addPet("Coco", species: "dog")
            #expect(try await owner.post("/trackers/ready-made", ["ready": "seizure"]).status == .seeOther)
            let seizures = try #require(try TrackerRepository(hearth.database).trackers(access: .everyone).first).id
            for (dog, minutes) in [(bori, "6"), (coco, "4")] {
                let record = [
                    "kind": "tracker", "tracker": String(seizures), "date": "2026-11-18", "time": "19:00", "tracker_f1_min": minutes, "tracker_f2": "c1",
                ]
                #expect(try await owner.postMultipart("/pets/\(dog)/records", record).status == .seeOther)
            }
            // Three vomits a week before: an older flag, which home lists after the seizure.
            for day in ["2026-11-10", "2026-11-11", "2026-11-12"] {
                let vomit = ["kind": "vomit", "times": "1", "date": day, "time": "08:00"]
                #expect(try await owner.postMultipart("/pets/\(bori)/records", vomit).status == .seeOther)
            }
            let page = try await owner.get("/pets/\(bori)").text
            #expect(page.contains(#"data-flag="urgent_reading.\#(seizures)""#), "\(page.prefix(0))")
            #expect(page.contains("Seizures: 1 reading at or past the urgent value in the last 7 days"))
            #expect(!page.contains(#"class="notice urgent""#), "said in the flags card; at the top only just after saving")
            let landed = try await owner.get("/pets/\(bori)?saved=tracker").text
            let alert = try #require(landed.range(of: #"<div class="notice urgent" role="alert">"#), "\(landed.prefix(0))")
            #expect(alert.lowerBound < (landed.range(of: "pet-profile")?.lowerBound ?? landed.startIndex), "above the pet's profile")
            #expect(landed[alert.upperBound...].prefix(1_500).contains("Call the vet now."))
            #expect(!(try await owner.get("/pets/\(coco)?saved=tracker").text.contains("notice urgent")))
            let home = try await owner.get("/").text
            let urgentAt = try #require(home.range(of: #"data-flag="urgent_reading.\#(seizures)""#)?.lowerBound)
            let vomitAt = try #require(home.range(of: #"data-flag="vomiting""#)?.lowerBound, "\(home.prefix(0))")
            #expect(urgentAt < vomitAt, "the seizure first on home")
            #expect(page.contains("Call the vet now.") && page.contains(#"href="/emergency""#))
            #expect(!(try await owner.get("/pets/\(coco)").text.contains("urgent_reading")), "four minutes is under the five")
            let api = APIClient(
                client: owner.client, token: try await APITokenRepository(hearth.database).make(for: "mina", scope: .read, database: hearth.database))
            let flags = try await api.call(.get, "/api/v1/flags")
            #expect(flags.text.contains(#""rule":"urgent_reading""#) && flags.text.contains(#""tracker":\#(seizures)"#), "\(flags.text)")
        }
    }

    @Test("Grandma's week of blood pressure: the report averages it leaving out day one (NICE NG136); 182 raises the same-day flag; the API lists the tracker")
    func bloodPressureWeek() async throws {
        try await withHousehold(clock: { Self.moment }) { hearth, owner in
            let grandma = try await PersonRepository(hearth.database).create(PersonProfile(name: "Grandma", colour: .teal), photo: nil).id
            #expect(try await owner.post("/trackers/ready-made", ["ready": "blood_pressure"]).status == .seeOther)
            let tracker = try #require(try TrackerRepository(hearth.database).trackers(access: .everyone).first).id
            for offset in 0..<7 {
                let day = LocalDate("2026-11-12")!.adding(days: offset)
                for (time, when) in [("07:30", "c1"), ("21:00", "c2")] {
                    // Day one runs high (it is left out); one evening is 182/118.
                    let (systolic, diastolic) = offset == 0 ? ("150", "95") : offset == 3 && when == "c2" ? ("182", "118") : ("130", "80")
                    let reading = ["date": day.description, "time": time, "tracker_f1": systolic, "tracker_f2": diastolic, "tracker_f4": when]
                    #expect(try await owner.post("/people/\(grandma)/trackers/\(tracker)", reading).status == .seeOther)
                }
            }
            let report = try await owner.get("/reports/\(grandma)/2026-11").text
            // (11 × 130 + 182) / 12 = 134.3; (11 × 80 + 118) / 12 = 83.2.
            #expect(report.contains("134/83 mmHg") && report.contains("12 readings (NICE NG136)"), "\(report.prefix(0))")
            #expect(!report.contains("135/85 or more"), "under the home threshold")
            let person = try await owner.get("/people/\(grandma)").text
            #expect(person.contains(#"data-flag="urgent_reading.\#(tracker)""#) && person.contains("Speak to a doctor today"))
            // The 182 was on the 15th: not today's, so saving today's reading says only "Saved.".
            let saved = try await owner.get("/people/\(grandma)?saved=tracker").text
            #expect(saved.contains("Saved.") && !saved.contains("notice urgent"))
            let chart = try await owner.get("/people/\(grandma)/charts?chart=tracker-\(tracker)-f1&period=week&at=2026-11-18").text
            #expect(chart.contains("Blood pressure · Systolic"))
            #expect(chart.contains("Mean 137 mmHg of 14 readings"), "(2 × 150 + 11 × 130 + 182) / 14 = 136.6")

            let api = APIClient(
                client: owner.client, token: try await APITokenRepository(hearth.database).make(for: "mina", scope: .read, database: hearth.database))
            let listed = try APIClient.json(try await api.call(.get, "/api/v1/trackers"))
            let trackers = try #require(listed["trackers"] as? [[String: Any]])
            #expect(trackers.first?["readyMade"] as? String == "blood_pressure" && trackers.first?["subjects"] as? String == "people")
            let fields = try #require(trackers.first?["fields"] as? [[String: Any]])
            #expect(fields.first?["key"] as? String == "f1" && fields.first?["unit"] as? String == "mmHg" && fields.first?["urgentFrom"] as? Double == 180)
            #expect((fields.last?["choices"] as? [[String: Any]])?.count == 2, "morning and evening")
        }
    }

    @Test(
        "a tracker's record in every place a record reaches: page, timeline, calendar, search, report, charts, export, API — and nowhere for a member who may not see its subject"
    )
    func everyPlace() async throws {
        try await withHousehold(clock: { Self.moment }) { hearth, owner in
            let jun = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun", colour: .orange), photo: nil).id
            let bori = try await owner.addPet("Bori", species: "dog")
            let made = try await owner.post(
                "/trackers",
                [
                    "name": "Sleep", "subjects": "people", "field_1_name": "Dream", "field_1_kind": "text", "field_2_name": "Hours",
                    "field_2_kind": "number", "field_2_unit": "h", "field_2_low": "0", "field_2_high": "24", "field_2_step": "0.5", "field_2_day": "sum",
                ])
            #expect(made.status == .seeOther)
            let sleep = try #require(try TrackerRepository(hearth.database).trackers(access: .everyone).first).id
            let saved = try await owner.post(
                "/people/\(jun)/trackers/\(sleep)", ["date": "2026-11-18", "time": "07:00", "tracker_f1": "zebra-dream", "tracker_f2": "7.5"])
            #expect(saved.status == .seeOther)
            // Each place, and what shows the record there (search repeats the words typed: its result links to Jun).
            let places = [
                "person page": ("/people/\(jun)", "zebra-dream"), "timeline": ("/people/\(jun)/timeline", "zebra-dream"),
                "calendar day": ("/calendar/2026-11-18", "zebra-dream"), "search": ("/search?q=zebra-dream", "/people/\(jun)"),
                "report": ("/reports/\(jun)/2026-11", "zebra-dream"), "export": ("/settings/export/trackers.csv", "zebra-dream"),
            ]
            for (place, (path, shown)) in places {
                #expect(try await owner.get(path).text.contains(shown), "\(place) leaves out the tracker's record")
            }
            #expect(try await owner.get("/calendar/2026-11").text.contains("kind-tracker"), "the month's cell has the tracker's dot")
            let chart = try await owner.get("/people/\(jun)/charts?chart=tracker-\(sleep)-f2&period=week&at=2026-11-18").text
            #expect(chart.contains("Total 7.5 h"), "the hours' chart")
            let ara = try await PersonRepository(hearth.database).create(PersonProfile(name: "Ara", colour: .teal), photo: nil).id
            #expect(!(try await owner.get("/people/\(ara)/charts").text.contains("Sleep · Hours")), "no tab for a tracker Ara has no records of")
            let api = APIClient(
                client: owner.client, token: try await APITokenRepository(hearth.database).make(for: "mina", scope: .read, database: hearth.database))
            #expect(try await api.call(.get, "/api/v1/subjects/\(jun)/records?kind=tracker").text.contains("zebra-dream"))

            // A sitter limited to Bori: none of it, anywhere.
            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(bori)": "on"])
            let limited = Browser(owner.client)
            try await limited.signIn("sitter", "member password 1")
            for (place, (path, shown)) in places where place != "export" {
                #expect(!(try await limited.get(path).text.contains(shown)), "\(place) shows the sitter a hidden subject's tracker record")
            }
            #expect(try await limited.get("/people/\(jun)/charts?chart=tracker-\(sleep)-f2").status == .notFound)
            #expect(try await limited.get("/settings/export/trackers.csv").status == .forbidden)
        }
    }

    @Test("a member limited to the dog and grandma is not told of the cat's glucose tracker, nor of a regimen they may not see")
    func limitedMemberTrackers() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi", species: "cat")
            let bori = try await owner.addPet("Bori", species: "dog")
            let grandma = try await PersonRepository(hearth.database).create(PersonProfile(name: "Grandma", colour: .teal), photo: nil).id
            let insulin = try await RegimenRepository(hearth.database).create(
                subjectID: nabi,
                RegimenInput(
                    name: "Insulin", items: [RegimenItemInput(name: "Glargine", amount: 2, unit: "IU")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480], start: LocalDate("2026-12-01")!)))
            let trackers = TrackerRepository(hearth.database)
            var glucose = ReadyMadeTracker.glucose.tracker { $0 }
            (glucose.subjects, glucose.regimenID) = (.species(.cat), insulin)
            _ = try await trackers.create(glucose)
            var pressure = ReadyMadeTracker.bloodPressure.tracker { $0 }
            pressure.regimenID = insulin
            _ = try await trackers.create(pressure)
            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await AccountRepository(hearth.database).setAccess(.only([bori, grandma]), accountID: sitter)
            let api = APIClient(
                client: owner.client, token: try await APITokenRepository(hearth.database).make(for: "sitter", scope: .read, database: hearth.database))
            let listed = try #require(try APIClient.json(try await api.call(.get, "/api/v1/trackers"))["trackers"] as? [[String: Any]])
            #expect(listed.map { $0["subjects"] as? String } == ["people"], "the people's tracker only: \(listed)")
            #expect(listed.first?["regimen"] == nil || listed.first?["regimen"] is NSNull, "the cat's regimen is not named: \(listed)")
            let owners = APIClient(
                client: owner.client, token: try await APITokenRepository(hearth.database).make(for: "mina", scope: .read, database: hearth.database))
            #expect((try APIClient.json(try await owners.call(.get, "/api/v1/trackers"))["trackers"] as? [[String: Any]])?.count == 2)
        }
    }

    @Test("a form drawn before a field's unit changed from g to kg is refused with 409 and today's fields, nothing written; sent again it saves")
    func definitionChangedUnderTheForm() async throws {
        try await withHousehold { hearth, owner in
            let grandma = try await PersonRepository(hearth.database).create(PersonProfile(name: "Grandma", colour: .teal), photo: nil).id
            try await owner.get("/trackers/new")
            let food = [
                "name": "Rice", "subjects": "people", "field_1_name": "Eaten", "field_1_kind": "number", "field_1_unit": "g", "field_1_low": "0",
                "field_1_high": "5,000",
            ]
            #expect(try await owner.post("/trackers", food).status == .seeOther)
            let tracker = try #require(try TrackerRepository(hearth.database).trackers(access: .everyone).first)
            let drawn = try await owner.get("/people/\(grandma)/trackers/\(tracker.id)").text
            let version = try #require(drawn.firstMatch(of: /name="tracker_version" value="([0-9a-f]+)"/)?.1).description
            #expect(version == tracker.input.version)
            // Meanwhile, the unit becomes kg (with a record, the values would be converted exactly).
            var kilos = food
            kilos.merge(["field_1_key": "f1", "field_1_unit": "kg", "field_1_high": "5", "field_1_step": "0.001"]) { $1 }
            try await owner.get("/trackers/\(tracker.id)/edit")
            #expect(try await owner.post("/trackers/\(tracker.id)", kilos).status == .seeOther)
            let reading = ["date": "2026-12-01", "time": "08:00", "tracker_f1": "5", "tracker_version": version]
            let refused = try await owner.post("/people/\(grandma)/trackers/\(tracker.id)", reading)
            #expect(refused.status == .conflict && refused.text.contains("This tracker was changed while you filled this in"))
            let now = try #require(try TrackerRepository(hearth.database).tracker(id: tracker.id, access: .everyone))
            #expect(refused.text.contains(#"value="\#(now.input.version)""#) && refused.text.contains("(kg)"), "drawn again with today's fields")
            let written = { try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tracker_value") ?? -1 } }
            #expect(try written() == 0)
            var again = reading
            again["tracker_version"] = now.input.version
            #expect(try await owner.post("/people/\(grandma)/trackers/\(tracker.id)", again).status == .seeOther)
            #expect(try written() == 1)
            // The API lists the version a record sends back, and takes the same rule: the old one is 409, nothing written.
            let api = APIClient(
                client: owner.client, token: try await APITokenRepository(hearth.database).make(for: "mina", scope: .record, database: hearth.database))
            let listed = try #require(try APIClient.json(try await api.call(.get, "/api/v1/trackers"))["trackers"] as? [[String: Any]])
            #expect(listed.first?["version"] as? String == now.input.version)
            let record = { (version: String) in
                #"{"kind": "tracker", "fields": {"tracker": "\#(tracker.id)", "tracker_f1": "5", "tracker_version": "\#(version)"}}"#
            }
            let stale = try await api.call(.post, "/api/v1/subjects/\(grandma)/records", json: record(version))
            #expect(stale.status == .conflict, "\(stale.status)")
            #expect(try written() == 1)
            #expect(try await api.call(.post, "/api/v1/subjects/\(grandma)/records", json: record(now.input.version)).status == .created)
            #expect(try written() == 2)
            // The write checks the definition too: a record checked against the old fields is refused by the store.
            let old = RecordInput(
                occurredAt: Date(), localDate: LocalDate("2026-12-01")!, note: nil,
                details: .tracker(TrackerEntry(trackerID: tracker.id, values: ["f1": .number(5000)], tracker: tracker.input)))
            await #expect(throws: StoreError.trackerChanged) {
                try await EntryRepository(hearth.database).create(subjectID: grandma, old, photos: [], createdBy: nil)
            }
            #expect(try written() == 2)
        }
    }
}
