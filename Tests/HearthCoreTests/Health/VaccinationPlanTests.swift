import Foundation
import HearthCore
import Testing

/// Cases worked by hand from the guidelines the schedule file cites (see VaccineSchedules.swift):
/// a birth date and a history in, the next dose of each vaccine out.
@Suite("Vaccination plan")
struct VaccinationPlanTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let species: Species
        let born: String?
        var estimated = false
        var adopted: String? = nil
        let given: [(String, String)]
        let today: String
        /// code → (due date, step)
        let expected: [String: (String, DueStep)]

        var testDescription: String { name }
    }

    static func d(_ text: String) -> LocalDate { LocalDate(text)! }

    static let cases: [Case] = [
        Case(
            name: "a puppy of 19 days: DAPP at 6 weeks, rabies at 12", species: .dog, born: "2026-01-01", given: [], today: "2026-01-20",
            expected: ["dog.dapp": ("2026-02-12", .series(1)), "dog.rabies": ("2026-03-26", .series(1))]),
        Case(
            name: "a puppy at 15 weeks with four DAPP doses: a fifth, 3 weeks on, past 16 weeks", species: .dog, born: "2026-01-01",
            given: [
                ("dog.dapp", "2026-02-12"), ("dog.dapp", "2026-03-05"), ("dog.dapp", "2026-03-26"), ("dog.dapp", "2026-04-16"), ("dog.rabies", "2026-03-26"),
            ],
            today: "2026-04-20",
            expected: ["dog.dapp": ("2026-05-07", .series(5)), "dog.rabies": ("2027-03-26", .firstBooster)]),
        Case(
            name: "the series ended at 18 weeks: booster a year later", species: .dog, born: "2026-01-01",
            given: [
                ("dog.dapp", "2026-02-12"), ("dog.dapp", "2026-03-05"), ("dog.dapp", "2026-03-26"), ("dog.dapp", "2026-04-16"), ("dog.dapp", "2026-05-07"),
            ],
            today: "2026-06-01", expected: ["dog.dapp": ("2027-05-07", .firstBooster), "dog.rabies": ("2026-03-26", .series(1))]),
        Case(
            name: "after the first booster: every 3 years", species: .dog, born: "2026-01-01",
            given: [
                ("dog.dapp", "2026-03-26"), ("dog.dapp", "2026-04-23"), ("dog.dapp", "2027-04-23"), ("dog.rabies", "2026-04-01"), ("dog.rabies", "2027-04-01"),
            ],
            today: "2027-05-01", expected: ["dog.dapp": ("2030-04-23", .booster(months: 36)), "dog.rabies": ("2030-04-01", .booster(months: 36))]),
        Case(
            name: "an adult adopted with no history: nothing planned (its history is unknown, not missed)", species: .dog, born: "2020-05-01",
            adopted: "2026-10-01", given: [], today: "2026-11-23", expected: [:]),
        Case(
            name: "a puppy home at 5 weeks with no history: its series from 6 weeks, after it came home", species: .dog, born: "2026-01-01",
            adopted: "2026-02-05", given: [], today: "2026-03-01",
            expected: ["dog.dapp": ("2026-02-12", .series(1)), "dog.rabies": ("2026-03-26", .series(1))]),
        Case(
            name: "a kitten home at 10 weeks with no history: what fell due before is unknown, not overdue", species: .cat, born: "2026-09-01",
            adopted: "2026-11-10", given: [], today: "2026-11-23", expected: ["cat.rabies": ("2026-11-24", .series(1))]),
        Case(
            name: "an adult's second dose 3 weeks after the first, then a booster a year on", species: .dog, born: "2020-05-01",
            given: [("dog.dapp", "2026-11-01"), ("dog.rabies", "2026-11-01")], today: "2026-11-23",
            expected: ["dog.dapp": ("2026-11-22", .adultSeries(2, of: 2)), "dog.rabies": ("2027-11-01", .firstBooster)]),
        Case(
            name: "a dog of unknown age with no history: nothing planned until a dose is recorded", species: .dog, born: nil, given: [],
            today: "2026-11-23", expected: [:]),
        Case(
            name: "leptospirosis is due only once started", species: .dog, born: "2020-05-01",
            given: [("dog.lepto", "2026-06-01"), ("dog.dapp", "2025-01-10"), ("dog.dapp", "2025-01-31"), ("dog.rabies", "2025-01-10")], today: "2026-11-23",
            expected: [
                "dog.lepto": ("2026-06-22", .adultSeries(2, of: 2)), "dog.dapp": ("2026-01-31", .firstBooster), "dog.rabies": ("2026-01-10", .firstBooster),
            ]),
        Case(
            name: "a kitten with an estimated birth date", species: .cat, born: "2026-09-01", estimated: true, given: [], today: "2026-09-20",
            expected: ["cat.fvrcp": ("2026-10-13", .series(1)), "cat.rabies": ("2026-11-24", .series(1)), "cat.felv": ("2026-10-27", .series(1))]),
        Case(
            name: "a cat's rabies is yearly after the first booster", species: .cat, born: "2024-01-01",
            given: [
                ("cat.rabies", "2024-04-01"), ("cat.rabies", "2025-04-01"), ("cat.fvrcp", "2024-02-12"), ("cat.fvrcp", "2024-03-04"),
                ("cat.fvrcp", "2024-03-25"), ("cat.fvrcp", "2024-04-22"),
                ("cat.fvrcp", "2025-04-22"), ("cat.felv", "2024-03-01"), ("cat.felv", "2024-03-22"), ("cat.felv", "2025-03-22"),
            ],
            today: "2026-01-01",
            expected: [
                "cat.rabies": ("2026-04-01", .booster(months: 12)), "cat.fvrcp": ("2028-04-22", .booster(months: 36)),
                "cat.felv": ("2027-03-22", .booster(months: 24)),
            ]),
        Case(
            name: "a rabbit of 25 weeks with no history: its first dose's week is past, unknown", species: .rabbit, born: "2026-06-01", given: [],
            today: "2026-11-23", expected: [:]),
        Case(
            name: "a ferret: distemper from 8 weeks", species: .ferret, born: "2026-09-01", given: [], today: "2026-10-01",
            expected: ["ferret.distemper": ("2026-10-27", .series(1)), "ferret.rabies": ("2026-11-24", .series(1))]),
        Case(name: "a hamster has no vaccines", species: .hamster, born: "2026-01-01", given: [], today: "2026-11-23", expected: [:]),
        Case(name: "a guinea pig has no vaccines", species: .guineaPig, born: nil, given: [], today: "2026-11-23", expected: [:]),
    ]

    @Test("each species' next doses", arguments: cases)
    func plan(_ example: Case) {
        let plan = VaccinationPlan(
            schedules: VaccineSchedules.vaccines(for: example.species), birthDate: example.born.map(Self.d), birthDateEstimated: example.estimated,
            adoptionDate: example.adopted.map(Self.d))
        let history = example.given.map { GivenDose(code: $0.0, name: $0.0, date: Self.d($0.1)) }
        let due = plan.due(history: history, today: Self.d(example.today))
        #expect(Set(due.compactMap(\.code)) == Set(example.expected.keys), "\(example.name)")
        for item in due {
            guard let code = item.code, let (date, step) = example.expected[code] else { continue }
            #expect(item.date == Self.d(date), "\(example.name): \(code)")
            #expect(item.step == step, "\(example.name): \(code)")
        }
    }

    @Test("an estimated birth date makes the dates it gives approximate; a history does not")
    func approximate() {
        let plan = VaccinationPlan(schedules: VaccineSchedules.vaccines(for: .cat), birthDate: Self.d("2026-09-01"), birthDateEstimated: true)
        let due = plan.due(history: [GivenDose(code: "cat.fvrcp", name: "FVRCP", date: Self.d("2026-10-13"))], today: Self.d("2026-10-20"))
        #expect(due.first { $0.code == "cat.rabies" }?.approximate == true)
        #expect(due.first { $0.code == "cat.fvrcp" }?.approximate == false)
    }

    @Test("a date typed on the record wins; a typed vaccine is due only when it says when")
    func typed() {
        let plan = VaccinationPlan(schedules: VaccineSchedules.vaccines(for: .dog), birthDate: Self.d("2020-01-01"))
        let history = [
            GivenDose(code: "dog.dapp", name: "DAPP", date: Self.d("2026-01-01"), nextDue: Self.d("2027-02-02")),
            GivenDose(code: nil, name: "Kennel cough nasal", date: Self.d("2026-01-01"), nextDue: Self.d("2026-12-01")),
            GivenDose(code: nil, name: "Something once", date: Self.d("2026-01-01")),
        ]
        let due = plan.due(history: history, today: Self.d("2026-11-23"))
        #expect(due.first { $0.code == "dog.dapp" }?.date == Self.d("2027-02-02"))
        #expect(due.first { $0.code == "dog.dapp" }?.step == .asRecorded)
        let typed = due.first { $0.name == "Kennel cough nasal" }
        #expect(typed?.date == Self.d("2026-12-01"))
        #expect(typed?.status == .soon)
        #expect(!due.contains { $0.name == "Something once" })
    }

    @Test("the household's interval replaces the table's")
    func interval() {
        var schedules = VaccineSchedules.vaccines(for: .dog)
        schedules[schedules.firstIndex { $0.code == "dog.rabies" }!].boosterMonths = 12
        let plan = VaccinationPlan(schedules: schedules, birthDate: Self.d("2026-01-01"))
        let due = plan.due(
            history: [
                GivenDose(code: "dog.rabies", name: "Rabies", date: Self.d("2026-04-01")),
                GivenDose(code: "dog.rabies", name: "Rabies", date: Self.d("2027-04-01")),
            ],
            today: Self.d("2027-05-01"))
        #expect(due.first { $0.code == "dog.rabies" }?.date == Self.d("2028-04-01"))
    }

    @Test("due statuses: overdue, today, within 30 days, later")
    func statuses() {
        let today = Self.d("2026-11-23")
        #expect(DueStatus.of(Self.d("2026-11-22"), today: today) == .overdue)
        #expect(DueStatus.of(today, today: today) == .today)
        #expect(DueStatus.of(Self.d("2026-12-23"), today: today) == .soon)
        #expect(DueStatus.of(Self.d("2026-12-24"), today: today) == .later)
    }

    @Test("every schedule line names its source; species without core vaccines say so")
    func sources() {
        #expect(VaccineSchedules.all.allSatisfy { !$0.source.isEmpty })
        for species in [Species.hamster, .guineaPig, .hedgehog, .reptile, .bird, .fish] { #expect(VaccineSchedules.hasNoCoreVaccines(species)) }
        for species in [Species.dog, .cat, .rabbit, .ferret] { #expect(!VaccineSchedules.hasNoCoreVaccines(species)) }
    }

    @Test("months are added as on a calendar: the 31st becomes the month's last day")
    func addingMonths() {
        #expect(Self.d("2026-01-31").adding(months: 1) == Self.d("2026-02-28"))
        #expect(Self.d("2028-01-31").adding(months: 1) == Self.d("2028-02-29"))
        #expect(Self.d("2026-11-30").adding(months: 3) == Self.d("2027-02-28"))
        #expect(Self.d("2026-05-07").adding(months: 36) == Self.d("2029-05-07"))
    }
}
