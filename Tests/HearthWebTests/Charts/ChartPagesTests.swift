import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Chart pages")
struct ChartPagesTests {
    /// The bars of the chart with `id` on a page.
    static func bars(_ page: String, _ id: String) -> Int {
        guard let start = page.range(of: #"aria-labelledby="\#(id)-title"#) else { return -1 }
        let chart = page[start.upperBound...].prefix { _ in true }
        let svg = chart.components(separatedBy: "</svg>").first ?? ""
        return svg.components(separatedBy: "<g class=\"chart-bars\">").dropFirst().first?.components(separatedBy: "<rect ").count.advanced(by: -1) ?? 0
    }

    @Test("steps by week, month, year and all: a bar a day up to a year, weeks or months beyond, never more than about 400; totals and the goal")
    func stepsPeriods() async throws {
        try await withHousehold { hearth, owner in
            let mina = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mina"), photo: nil, now: Date(timeIntervalSince1970: 0))
            let daily = DailyRepository(hearth.database)
            let today = LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)
            let first = today.adding(days: -3652)
            try await daily.setDays((0...3652).map { (first.adding(days: $0), 1000, 5000 + $0 % 7 * 1000) }, subjectID: mina.id)
            try await daily.setGoals(DailyGoals(steps: 8000), subjectID: mina.id, from: first)
            let week = try await owner.get("/people/\(mina.id)/charts?period=week&at=\(today)").text
            #expect(Self.bars(week, "steps") == 7)
            #expect(week.contains(#"class="chart-goal""#), "the goal line")
            let month = try await owner.get("/people/\(mina.id)/charts?period=month&at=\(today)").text
            #expect(
                Self.bars(month, "steps") == LocalDate.daysIn(month: today.month, year: today.year)
                    - (LocalDate.daysIn(month: today.month, year: today.year) - today.day))
            let year = try await owner.get("/people/\(mina.id)/charts?period=year&at=2020-06-01").text
            #expect(Self.bars(year, "steps") == 53, "2020 by week: from Monday 30 December 2019 to the week of 28 December")
            #expect(year.contains("a day on 366 days"))
            let all = try await owner.get("/people/\(mina.id)/charts?period=all").text
            let bars = Self.bars(all, "steps")
            #expect(bars > 100 && bars <= 400, "ten years by month: \(bars) bars")
            #expect(all.contains("Week of") || all.contains(">Month</th>"), "the table says what a bar stands for")
        }
    }

    @Test("a pet's snacks per day and the hours of its meals, toilets and vomits, in the household's zone")
    func petCharts() async throws {
        try await withHousehold { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog")
            try await owner.get("/pets/\(bori)/records/new?kind=vomit")
            try await owner.postMultipart("/pets/\(bori)/records", ["kind": "vomit", "times": "1", "date": "2026-05-01", "time": "23:30"])
            try await owner.postMultipart(
                "/pets/\(bori)/records",
                [
                    "kind": "meal", "new_food_name": "Jerky", "new_food_kind": "treat", "new_food_kcal": "300", "amount": "10", "amount_unit": "g",
                    "outcome": "all", "date": "2026-05-02", "time": "15:00",
                ])
            let hours = try await owner.get("/pets/\(bori)/charts?period=month&at=2026-05-15&chart=hours")
            #expect(hours.status == .ok)
            #expect(hours.text.contains("<tr><td>23:00</td><td>0</td><td>0</td><td>1</td></tr>"), "the vomit at 23:30 Seoul time is in the hour 23")
            let page = try await owner.get("/pets/\(bori)/charts?period=month&at=2026-05-15&chart=snacks")
            #expect(page.text.contains("Snacks and treats") && page.text.contains("Total 1<"))
            #expect(page.text.contains("Total 30 kcal"), "10 g of a 300 kcal/100 g treat")
        }
    }

    @Test("the hours of the day follow the household's clock through summer time: 08:30 in January and in July are both the hour 08")
    func hoursAcrossSummerTime() async throws {
        let database = try AppDatabase.inMemory()
        let bori = try await PetRepository(database).create(PetProfile(name: "Bori", species: .dog), photo: nil)
        let london = TimeZone(identifier: "Europe/London")!
        let entries = EntryRepository(database)
        for (day, time) in [("2026-01-15", "08:30"), ("2026-07-15", "08:30"), ("2026-03-29", "03:10"), ("2026-10-25", "01:30")] {
            let instant = try LocalTime.instant(date: day, time: time, in: london).get()
            _ = try await entries.create(
                subjectID: bori.id,
                RecordInput(
                    occurredAt: instant, localDate: LocalDate(day)!, note: nil,
                    details: .vomit(times: 1, contents: nil)), photos: [], createdBy: nil)
        }
        let hours = try ChartRepository(database).hours(
            subjectID: bori.id, kinds: [.vomit], from: LocalDate("2026-01-01")!, to: LocalDate("2026-12-31")!, timeZone: london)
        #expect(hours[.vomit]?[8] == 2, "GMT in January, BST in July")
        #expect(hours[.vomit]?[3] == 1 && hours[.vomit]?[1] == 1, "the days the clocks change")
        #expect(hours[.vomit]?.reduce(0, +) == 4)
        let seoul = try ChartRepository(database).hours(
            subjectID: bori.id, kinds: [.vomit], from: LocalDate("2026-01-01")!, to: LocalDate("2026-12-31")!, timeZone: TimeZone(identifier: "Asia/Seoul")!)
        #expect(seoul[.vomit]?[17] == 1 && seoul[.vomit]?[16] == 1, "the same moments on Seoul's clock: 17:30 and 16:30")
    }

    @Test("a person's weight joins hand weighings with imported ones, the hand one winning on its day; the healthy range is drawn")
    func weight() async throws {
        try await withHousehold { hearth, owner in
            let jun = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun"), photo: nil, now: Date(timeIntervalSince1970: 0))
            let imports = ImportRepository(hearth.database)
            let job = try await imports.start(subjectID: jun.id, source: "google-fit", fileName: "x.csv", bytesTotal: 1, createdBy: nil)
            try await imports.finish(
                jobID: job, subjectID: jun.id,
                days: [
                    ImportedDay(day: LocalDate("2026-03-01")!, weightGrams: 80_000), ImportedDay(day: LocalDate("2026-03-02")!, weightGrams: 90_000),
                ], through: LocalDate("2026-12-31")!, recordsRead: 2)
            try await owner.get("/people/\(jun.id)")
            try await owner.post("/people/\(jun.id)/weight", ["weight": "79", "weight_date": "2026-03-02"])
            try await DailyRepository(hearth.database).setGoals(
                DailyGoals(weightRangeGrams: 70_000...78_000), subjectID: jun.id, from: LocalDate("2026-01-01")!)
            let weights = try ChartRepository(hearth.database).weight(
                subjectID: jun.id, from: LocalDate("2026-03-01")!, to: LocalDate("2026-03-31")!, bucket: .day)
            #expect(weights.map { $0.perDay } == [80_000, 79_000], "2 March: the hand weighing, not the import's 90 kg")
            let page = try await owner.get("/people/\(jun.id)/charts?period=month&at=2026-03-10&chart=weight").text
            #expect(page.contains(#"class="chart-band""#))
            #expect(page.contains("From 80 kg to 79 kg (−1 kg)"))
            // A year's chart gathers weeks; its summary still says the first and last weighings
            // (a week's average would have said 80 → 79.5 here), to the hundredth.
            try await owner.post("/people/\(jun.id)/weight", ["weight": "79.45", "weight_date": "2026-03-03"])
            let year = try await owner.get("/people/\(jun.id)/charts?period=year&at=2026-03-10&chart=weight").text
            #expect(year.contains("From 80 kg to 79.45 kg (−0.55 kg)"), "\(year.firstMatch(of: /From [^<]*/)?.output ?? "")")
        }
    }
}
