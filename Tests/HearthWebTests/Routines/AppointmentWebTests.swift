import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import HearthWeb

@Suite("Appointments with a D-day")
struct AppointmentWebTests {
    static func id(_ response: TestResponse) throws -> Int64 {
        try #require(response.headers[.location].flatMap { Int64($0.split(separator: "/").last!) })
    }

    @Test("booked from a follow-up's 'Book it', D-3 on home, D-day after midnight (not 24 hours), then 'How did it go?' becomes a linked vet visit")
    func followUpToRecord() async throws {
        let clock = TestClock("2026-11-24T14:59:00Z")  // 23:59 on Tuesday 24 November in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let tori = try await owner.addPet("Tori", species: "dog")
            let clinic = try await ClinicRepository(hearth.database).create(ClinicInput(name: "Haeden Animal Hospital", phone: "02-555-0101"))
            // A vet visit asking to come back on Friday.
            try await owner.get("/pets/\(tori)/records/new?kind=vet_visit")
            let visit = try await owner.postMultipart(
                "/pets/\(tori)/records",
                ["kind": "vet_visit", "date": "2026-11-20", "time": "10:00", "clinic_id": "\(clinic)", "reason": "Cough", "follow_up": "2026-11-27"])
            #expect(visit.status == .seeOther, "\(visit.text)")
            let petPage = try await owner.get("/pets/\(tori)").text
            let book = "/appointments/new?date=2026-11-27&amp;kind=vet&amp;note=Cough&amp;subject=\(tori)"
            #expect(petPage.contains(book), "the follow-up offers Book it")
            let form = try await owner.get("/appointments/new?date=2026-11-27&kind=vet&note=Cough&subject=\(tori)").text
            #expect(form.contains(#"value="2026-11-27""#) && form.contains(#"<option value="\#(tori)" selected>Tori</option>"#))

            // Refused on its fields: a day that does not exist, a time that is not one; nothing written.
            let bad = try await owner.post("/appointments", ["subject": "\(tori)", "kind": "vet", "date": "2026-11-31", "time": "25:00"])
            #expect(bad.status == .unprocessableContent)
            #expect(try AppointmentRepository(hearth.database).appointments(access: .everyone).isEmpty)
            let booked = try await owner.post(
                "/appointments", ["subject": "\(tori)", "kind": "checkup", "date": "2026-11-27", "time": "10:00", "clinic_id": "\(clinic)", "note": "Cough"])
            #expect(booked.status == .seeOther, "\(booked.text)")
            let id = try Self.id(booked)

            var home = try await owner.get("/").text
            #expect(home.contains("D-3") && home.contains("Tori check-up") && home.contains("10:00 · Haeden Animal Hospital"), "\(home)")
            // One minute later it is Wednesday: D-2, though 58 hours remain.
            clock.set("2026-11-24T15:00:00Z")
            home = try await owner.get("/").text
            #expect(home.contains("D-2"))
            clock.set("2026-11-26T15:00:00Z")  // 00:00 on Friday
            #expect(try await owner.get("/").text.contains("D-day"))
            #expect(try await owner.get("/calendar/2026-11").text.contains("Tori check-up 10:00"))

            // 11:30 that day: it asks how it went; the answer is a vet visit with all filled in.
            clock.set("2026-11-27T02:30:00Z")
            home = try await owner.get("/").text
            #expect(home.contains("How did it go?"))
            let link = try #require(home.firstMatch(of: #/href="(/pets/[0-9]+/records/new\?[^"]*)">How did it go\?/#)?.output.1)
            let location = link.replacingOccurrences(of: "&amp;", with: "&")
            #expect(location.contains("/pets/\(tori)/records/new?") && location.contains("kind=vet_visit") && location.contains("clinic_id=\(clinic)"))
            let recordForm = try await owner.get(location).text
            #expect(recordForm.contains(#"name="appointment" value="\#(id)""#) && recordForm.contains(#"value="10:00""#))
            let saved = try await owner.postMultipart(
                "/pets/\(tori)/records",
                [
                    "kind": "vet_visit", "appointment": "\(id)", "date": "2026-11-27", "time": "10:00", "clinic_id": "\(clinic)", "reason": "Cough",
                    "diagnosis": "Better",
                ])
            #expect(saved.status == .seeOther)
            let appointment = try #require(try AppointmentRepository(hearth.database).appointment(id: id, access: .everyone))
            #expect(appointment.entryID != nil && appointment.isDone)
            #expect(try await owner.get("/appointments/\(id)").text.contains("Written down as a record."))
            #expect(try await owner.deadLinks(on: "/appointments/\(id)") == [], "the record it became opens")
            #expect(!(try await owner.get("/").text.contains("How did it go?")), "answered: home asks no more")

            // A grooming is no record: after its time, its page offers "done", not a link to itself.
            let grooming = try await AppointmentRepository(hearth.database).create(
                AppointmentInput(
                    subjectID: tori, kind: .grooming, date: LocalDate("2026-11-27")!, minutes: 540,
                    startsAt: ISO8601DateFormatter().date(from: "2026-11-27T00:00:00Z")!, place: "Salon"), by: 1)
            let groomingPage = try await owner.get("/appointments/\(grooming)").text
            #expect(!groomingPage.contains(#"href="/appointments/\#(grooming)""#) && groomingPage.contains(#"value="done""#))
            #expect(try await owner.deadLinks(on: "/appointments/\(grooming)") == [])
        }
    }

    @Test("in the feed with two alarms, moved when missed, the household's for everyone and a hidden pet's for no limited member")
    func feedAndLimits() async throws {
        let clock = TestClock("2026-11-24T23:30:00Z")
        try await withHousehold(clock: clock.read) { hearth, owner in
            let tori = try await owner.addPet("Tori", species: "dog")
            let bori = try await owner.addPet("Bori", species: "dog")
            try await owner.get("/appointments/new")
            let grooming = try Self.id(
                try await owner.post(
                    "/appointments", ["subject": "\(tori)", "kind": "grooming", "date": "2026-11-24", "time": "15:00", "place": "Fluffy Salon"]))
            let pickup = try Self.id(
                try await owner.post("/appointments", ["subject": "", "kind": "pickup", "date": "2026-11-28", "time": "18:30", "place": "Corner pharmacy"]))
            try await owner.get("/me")
            try await owner.post("/me/feed", ["action": "renew"])
            let path = try CalendarFeedTests.link(try await owner.get("/me").text)
            let feed = String(buffer: try await owner.client.execute(uri: path, method: .get, headers: [:], body: nil).body)
                .replacingOccurrences(of: "\r\n ", with: "")
            #expect(feed.contains("UID:appointment-\(pickup)@hearth\r\nDTSTAMP:20261124T233000Z\r\nDTSTART;TZID=Asia/Seoul:20261128T183000\r\nDURATION:PT1H"))
            #expect(feed.contains("SUMMARY:Our home medicine pick-up\r\nLOCATION:Corner pharmacy"))
            #expect(feed.contains("TRIGGER:-P1D") && feed.contains("TRIGGER:-PT1H"))

            // Missed yesterday: moved to Saturday, it is coming again.
            #expect(try await owner.get("/appointments/\(grooming)").text.contains("Move to another day"))
            try await owner.get("/appointments/\(grooming)/edit")
            let moved = try await owner.post(
                "/appointments/\(grooming)", ["subject": "\(tori)", "kind": "grooming", "date": "2026-11-28", "time": "15:00", "place": "Fluffy Salon"])
            #expect(moved.status == .seeOther)
            #expect(try await owner.get("/today").text.contains("D-3"))

            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await owner.get("/accounts")
            try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(bori)": "on"])
            let member = Browser(owner.client)
            try await member.signIn("sitter", "member password 1")
            let list = try await member.get("/appointments").text
            #expect(list.contains("Our home medicine pick-up") && !list.contains("Tori"))
            #expect(try await member.get("/appointments/\(grooming)").status == .notFound)
        }
    }

    @Test("pushed once an hour before, with the time and the place; not for one already done")
    func reminder() async throws {
        let clock = TestClock("2026-11-27T00:00:30Z")  // 09:00:30 on Friday in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let tori = try await owner.addPet("Tori", species: "dog")
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let appointments = AppointmentRepository(database)
            let zone = TimeZone(identifier: "Asia/Seoul")!
            for (minutes, place) in [(600, "Day Clinic"), (615, "Fluffy Salon")] {
                _ = try await appointments.create(
                    AppointmentInput(
                        subjectID: tori, kind: minutes == 600 ? .vet : .grooming, date: LocalDate("2026-11-27")!, minutes: minutes,
                        startsAt: WallClock.instant(LocalDate("2026-11-27")!, minutes: minutes, in: zone), place: place), by: mina)
            }
            let receiver = Receiver()
            try await receiver.serve { port in
                try await ReminderRepository(database).setTargets(
                    ReminderTargets(ntfyURL: "http://127.0.0.1:\(port)/household", webhookURL: nil, againMinutes: 30))
                let scheduler = ReminderScheduler(
                    reminders: ReminderRepository(database), database: database, areas: .standard,
                    household: try await HouseholdState(repository: HouseholdRepository(database)), push: PushTarget(),
                    strings: try Renderer(templatesDirectory: packageRoot + "/Templates", pages: []).strings, logger: Logger(label: "test"),
                    clock: clock.read)
                try await scheduler.tick(now: clock.read())
                #expect(await receiver.messages.map(\.body) == ["09:00 — Tori vet visit 10:00 · Day Clinic"])
                // The grooming at 10:15 is done early (say, marked from its page): not pushed.
                let grooming = try #require(try appointments.appointments(access: .everyone).last)
                try await appointments.markDone(id: grooming.id, done: true)
                clock.set("2026-11-27T00:15:30Z")
                try await scheduler.tick(now: clock.read())
                clock.set("2026-11-27T00:40:00Z")
                try await scheduler.tick(now: clock.read())
                #expect(await receiver.messages.count == 1, "once, and never again")
            }
        }
    }
}
