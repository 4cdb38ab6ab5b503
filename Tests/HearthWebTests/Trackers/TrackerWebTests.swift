import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// A household's own trackers through their pages and the API: made in one tap, recorded for a
/// person and a pet through the one rule, refused out of bounds at every door, hidden from a
/// member who may not see the subject.
@Suite("Trackers on their pages and the API")
struct TrackerWebTests {
    static let moment = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 20:06 in Seoul

    @Test("blood pressure for Grandma: added in one tap, a reading saved and shown, 301 refused on its field by the form and the API alike")
    func bloodPressure() async throws {
        try await withHousehold(clock: { Self.moment }) { hearth, owner in
            let grandma = try await PersonRepository(hearth.database).create(PersonProfile(name: "Grandma", colour: .teal), photo: nil).id
            #expect(try await owner.post("/trackers/ready-made", ["ready": "blood_pressure"]).status == .seeOther)
            let tracker = try #require(try TrackerRepository(hearth.database).trackers(access: .everyone).first)
            #expect(tracker.input.name == "Blood pressure" && tracker.input.subjects == .people && tracker.readyMade == "blood_pressure")
            #expect(try await owner.get("/trackers").text.contains("Blood pressure"))

            let person = try await owner.get("/people/\(grandma)").text
            #expect(person.contains("/people/\(grandma)/trackers/\(tracker.id)"), "the person's page offers the tracker")
            let form = try await owner.get("/people/\(grandma)/trackers/\(tracker.id)").text
            #expect(form.contains(#"name="tracker_f1""#) && form.contains("From 50 to 300"))
            let reading = ["date": "2026-11-18", "time": "07:30", "tracker_f1": "128", "tracker_f2": "82", "tracker_f3": "64 bpm", "tracker_f4": "c1"]
            #expect(try await owner.post("/people/\(grandma)/trackers/\(tracker.id)", reading).status == .seeOther)
            let tooHigh = try await owner.post("/people/\(grandma)/trackers/\(tracker.id)", reading.merging(["tracker_f1": "301"]) { $1 })
            #expect(tooHigh.status == .unprocessableContent && tooHigh.text.contains("Enter a number from 50 to 300."))
            let timeline = try await owner.get("/people/\(grandma)/timeline").text
            #expect(timeline.contains("Systolic 128 mmHg · Diastolic 82 mmHg · Pulse 64 bpm · When Morning"), "\(timeline.prefix(0))")
            #expect(try await owner.get("/people/\(grandma)").text.contains("Systolic 128 mmHg"), "the card shows the newest reading")

            // The API: the same bounds, the same tracker rule.
            let api = APIClient(
                client: owner.client, token: try await APITokenRepository(hearth.database).make(for: "mina", scope: .record, database: hearth.database))
            let refused = try await api.call(
                .post, "/api/v1/subjects/\(grandma)/records", json: #"{"kind": "tracker", "fields": {"tracker": "\#(tracker.id)", "tracker_f1": "301"}}"#)
            #expect(refused.status == .unprocessableContent)
            let saved = try await api.call(
                .post, "/api/v1/subjects/\(grandma)/records",
                json: #"{"kind": "tracker", "fields": {"tracker": "\#(tracker.id)", "tracker_f1": "135", "tracker_f2": "88"}}"#)
            #expect(saved.status == .created, "\(saved.status)")
            let count = try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tracker_entry") }
            #expect(count == 2, "the form's reading and the API's; nothing of the refused ones")
            // The month's report sums them up and lists each.
            let report = try await owner.get("/reports/\(grandma)/2026-11").text
            #expect(report.contains("Systolic: 2×, mean 131.5 mmHg, lowest 128 mmHg"), "\(report.prefix(0))")
            #expect(report.contains("0 at 180 mmHg or more"))
        }
    }

    @Test("a pet's seizure through the pet's record form; not for a cat; a tracker of one subject is hidden from a member who may not see it")
    func seizuresAndAccess() async throws {
        try await withHousehold(clock: { Self.moment }) { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog")
            let nabi = try await owner.addPet("Nabi")
            #expect(try await owner.post("/trackers/ready-made", ["ready": "seizure"]).status == .seeOther)
            let seizures = try #require(try TrackerRepository(hearth.database).trackers(access: .everyone).first).id
            #expect(try await owner.get("/pets/\(bori)").text.contains("records/new?kind=tracker&amp;tracker=\(seizures)"))
            #expect(!(try await owner.get("/pets/\(nabi)").text.contains("kind=tracker")), "dogs' seizures are not the cat's")
            #expect(try await owner.get("/pets/\(nabi)/records/new?kind=tracker&tracker=\(seizures)").status == .notFound)
            // Minutes and seconds, each word beside its box and each error under its own box.
            let form = try await owner.get("/pets/\(bori)/records/new?kind=tracker&tracker=\(seizures)").text
            #expect(form.contains(#"<div class="part"><label><input name="tracker_f1_min""#))
            let wrong = try await owner.postMultipart(
                "/pets/\(bori)/records", ["kind": "tracker", "tracker": String(seizures), "date": "2026-11-18", "time": "19:00", "tracker_f1_min": "x"])
            #expect(wrong.status == .unprocessableContent)
            #expect(
                wrong.text.firstMatch(of: /name="tracker_f1_min"[^<]*> [^<]*<\/label><p class="field-error"/) != nil, "the minutes' error under the minutes")
            let record = ["kind": "tracker", "tracker": String(seizures), "date": "2026-11-18", "time": "19:00", "tracker_f1_min": "6", "tracker_f2": "c1"]
            #expect(try await owner.postMultipart("/pets/\(bori)/records", record).status == .seeOther)
            #expect(try await owner.postMultipart("/pets/\(nabi)/records", record).status == .unprocessableContent, "not the cat's tracker")
            #expect(try await owner.get("/pets/\(bori)/timeline").text.contains("How long 6 min · Kind Whole body"))
            // Search finds it by the words chosen, and by the tracker's new words once it is renamed.
            #expect(try await owner.get("/search?q=" + QueryLink.encode("Whole body")).text.contains("/pets/\(bori)"))
            try await TrackerRepository(hearth.database).update(
                id: seizures,
                TrackerForm.Result(
                    tracker: TrackerInput(
                        name: "Fits", subjects: .species(.dog),
                        fields: try #require(try TrackerRepository(hearth.database).tracker(id: seizures, access: .everyone)).input.fields),
                    conversions: [:]))
            #expect(try await owner.get("/search?q=Fits").text.contains("/pets/\(bori)"), "re-indexed under the tracker's new name")

            // A new tracker has room for six fields in one save: two open, four folded.
            let blank = try await owner.get("/trackers/new").text
            #expect(blank.contains(#"<details class="more-fields">"#) && blank.contains(#"name="field_6_name""#) && !blank.contains(#"name="field_7_name""#))
            // Nabi's own tracker: a sitter limited to Bori sees neither it nor its form.
            let own = try await owner.post(
                "/trackers",
                [
                    "name": "Insulin curve", "subjects": "subject:\(nabi)", "field_1_name": "Glucose", "field_1_kind": "number", "field_1_unit": "mg/dL",
                    "field_1_low": "10", "field_1_high": "800",
                ])
            #expect(own.status == .seeOther)
            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(bori)": "on"])
            let limited = Browser(owner.client)
            try await limited.signIn("sitter", "member password 1")
            let list = try await limited.get("/trackers").text
            #expect(list.contains("Fits") && !list.contains("Insulin curve"))
            let insulin = try #require(try TrackerRepository(hearth.database).trackers(access: .everyone).first { $0.input.name == "Insulin curve" }).id
            #expect(!list.contains("/trackers/new") && !list.contains("/edit"), "the household's trackers are not a limited member's to change")
            #expect(try await limited.get("/trackers/\(insulin)/edit").status == .forbidden)
            let bad = try await limited.post("/trackers", ["name": "Peek", "subjects": "subject:\(nabi)", "field_1_name": "x", "field_1_kind": "text"])
            #expect(bad.status == .forbidden)
            // A whole-household adult who may not record for Nabi is refused on the field, as a hidden subject would be.
            let other = try await owner.post("/trackers", ["name": "Peek", "subjects": "subject:999", "field_1_name": "x", "field_1_kind": "text"])
            #expect(other.status == .unprocessableContent)
        }
    }
}
