import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("The household calendar")
struct CalendarTests {
    @Test("a month's grid starts on the locale's first weekday: Sunday for Korean and American English, Monday for British")
    func weekStart() {
        #expect(WeekStart.firstWeekday(language: .en, acceptLanguage: "en-US,en;q=0.9") == 1)
        #expect(WeekStart.firstWeekday(language: .en, acceptLanguage: "en-GB,en;q=0.9") == 2)
        #expect(WeekStart.firstWeekday(language: .ko, acceptLanguage: "ko-KR,ko;q=0.9,en-GB;q=0.5") == 1)
        #expect(WeekStart.firstWeekday(language: .en, acceptLanguage: nil) == 1)
        let november = YearMonth("2026-11")!
        #expect(MonthGrid(november, firstWeekday: 1).firstShown == LocalDate("2026-11-01")!, "1 November 2026 is a Sunday")
        #expect(MonthGrid(november, firstWeekday: 2).firstShown == LocalDate("2026-10-26")!)
        #expect(MonthGrid(november, firstWeekday: 2).lastShown == LocalDate("2026-12-06")!)
        #expect(MonthGrid(YearMonth("2026-02")!, firstWeekday: 1).weeks.count == 4, "February 2026 fills four rows exactly")
        #expect(LocalDate("2026-11-23")!.weekday == 2, "a Monday")
    }

    @Test("the page's weekday headings follow the browser: Mon first for en-GB, Sun first for en-US")
    func weekStartOnThePage() async throws {
        try await withHousehold { _, owner in
            let british = try await owner.get("/calendar/2026-11", headers: [.acceptLanguage: "en-GB,en;q=0.8"]).text
            let american = try await owner.get("/calendar/2026-11", headers: [.acceptLanguage: "en-US"]).text
            #expect(british.contains(#"<thead><tr><th scope="col">Mon</th>"#))
            #expect(american.contains(#"<thead><tr><th scope="col">Sun</th>"#))
        }
    }

    @Test("what the month marks on a day, the day's page lists: a routine due and an appointment on a day with no record, each area in its section")
    func dayListsWhatTheMonthMarks() async throws {
        let clock = TestClock("2026-11-24T23:30:00Z")  // 08:30 on the 25th in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog")
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            let teeth = try await RoutineRepository(hearth.database).create(
                RoutineInput(name: "Teeth", subjectID: bori, schedule: CareSchedule(repeatRule: .daily, times: [], start: LocalDate("2026-11-25")!)), by: mina)
            let grooming = try await AppointmentRepository(hearth.database).create(
                AppointmentInput(
                    subjectID: bori, kind: .grooming, date: LocalDate("2026-11-26")!, minutes: 600,
                    startsAt: ISO8601DateFormatter().date(from: "2026-11-26T01:00:00Z")!, place: "Salon"), by: mina)
            let month = try await owner.get("/calendar/2026-11").text
            #expect(month.contains("dot appointment") && month.contains("routines-due"), "the month marks them")
            let day = try await owner.get("/calendar/2026-11-26").text
            #expect(!day.contains("Nothing was recorded on this day."), "the day is not empty when the month marks it")
            #expect(day.contains(#"<a href="/routines/\#(teeth)">Bori: Teeth</a> <span class="meta">To do</span>"#), "\(day)")
            #expect(day.contains(#"<a href="/appointments/\#(grooming)">Bori grooming</a>"#))
            #expect(try await owner.get("/calendar/2026-11-23").text.contains("Nothing was recorded on this day."), "before the routine began")
        }
    }

    @Test("a record at 23:30 local time is on that day in the month, in the day's collected view, and not the next")
    func lateRecord() async throws {
        try await withHousehold { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog")
            try await owner.get("/pets/\(bori)/records/new?kind=vomit")
            let saved = try await owner.postMultipart("/pets/\(bori)/records", ["kind": "vomit", "times": "1", "date": "2026-05-01", "time": "23:30"])
            #expect(saved.status == .seeOther)
            let month = try await owner.get("/calendar/2026-05").text
            #expect(month.contains(#"href="/calendar/2026-05-01" aria-label="Friday, 1 May 2026: Vomit ×1""#))
            #expect(!month.contains(#"href="/calendar/2026-05-02" aria-label="Saturday, 2 May 2026: Vomit"#))
            let day = try await owner.get("/calendar/2026-05-01").text
            #expect(day.contains("Bori") && day.contains("23:30"))
            #expect(try await owner.get("/calendar/2026-05-02").text.contains("Nothing was recorded on this day."))
        }
    }

    @Test("goals met are marked in the person's colour with the goal that held that day; filters show one subject or one kind")
    func goalsAndFilters() async throws {
        try await withHousehold { hearth, owner in
            let mina = try await PersonRepository(hearth.database).create(
                PersonProfile(name: "Mina", colour: .teal), photo: nil, now: Date(timeIntervalSince1970: 0))
            let bori = try await owner.addPet("Bori", species: "dog")
            let daily = DailyRepository(hearth.database)
            try await daily.setGoals(DailyGoals(waterML: 1000, steps: 5000), subjectID: mina.id, from: LocalDate("2026-03-01")!)
            try await daily.setGoals(DailyGoals(waterML: 2000, steps: 5000), subjectID: mina.id, from: LocalDate("2026-03-10")!)
            try await daily.addWater(1500, subjectID: mina.id, on: LocalDate("2026-03-05")!)
            try await daily.addWater(1500, subjectID: mina.id, on: LocalDate("2026-03-12")!)
            try await daily.setSteps(6000, subjectID: mina.id, on: LocalDate("2026-03-12")!)
            _ = try await EntryRepository(hearth.database).create(
                subjectID: bori,
                RecordInput(
                    occurredAt: LocalDate("2026-03-12")!.noon(in: TimeZone(identifier: "Asia/Seoul")!), localDate: LocalDate("2026-03-12")!, note: nil,
                    details: .weight(value: 12, unit: .kg)),
                photos: [], createdBy: nil)
            let month = try await owner.get("/calendar/2026-03").text
            #expect(month.contains("Thursday, 5 March 2026: Mina: water goal met"), "1,500 ml met the 1,000 ml goal of 5 March")
            #expect(month.contains("Thursday, 12 March 2026: Weight ×1, Mina: steps goal met"), "1,500 ml did not meet 12 March's 2,000 ml")
            #expect(month.contains(#"class="dot goal-water colour-teal""#))
            let onlyMina = try await owner.get("/calendar/2026-03?subject=\(mina.id)").text
            #expect(onlyMina.contains("Thursday, 12 March 2026: Mina: steps goal met"))
            let onlyWeights = try await owner.get("/calendar/2026-03?kind=weight").text
            #expect(onlyWeights.contains("Thursday, 12 March 2026: Weight ×1\""))
            #expect(!onlyWeights.contains("Mina: steps goal met"))
            let day = try await owner.get("/calendar/2026-03-12").text
            #expect(day.contains("Water: 1,500 ml of 2,000 ml") && day.contains("Steps: 6,000 of 5,000 · goal met"))
        }
    }

    @Test("a year shows twelve months with the days that had anything; nonsense in the URL is 404")
    func yearAndNonsense() async throws {
        try await withHousehold { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog", photo: try fixture("exif-orientation/Landscape_1.jpg"))
            try await owner.get("/pets/\(bori)/records/new?kind=diary")
            try await owner.postMultipart(
                "/pets/\(bori)/records", ["kind": "diary", "title": "Park", "date": "2026-04-09", "time": "10:00"],
                files: [("photos", "park.jpg", try fixture("exif-orientation/Landscape_2.jpg"))])
            let year = try await owner.get("/calendar/2026").text
            #expect(year.components(separatedBy: "class=\"mini-month\"").count == 13)
            #expect(year.contains(#"<td class="active"><a href="/calendar/2026-04-09">9</a></td>"#))
            #expect(year.contains("/photos/"), "April's cover is its first photo")
            for path in ["/calendar/2026-13", "/calendar/2026-02-30", "/calendar/twenty", "/calendar/20261"] {
                #expect(try await owner.get(path).status == .notFound, "\(path)")
            }
        }
    }
}
