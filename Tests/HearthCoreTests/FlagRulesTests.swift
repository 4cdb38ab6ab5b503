import Foundation
import HearthCore
import Testing

/// Each rule at its edges: just under, just over, and too little to go on.
@Suite("Flags: the rules at their edges")
struct FlagRulesTests {
    static let today = LocalDate(year: 2026, month: 11, day: 28)!

    func pet(_ build: (inout FlagRecords) -> Void) -> (raised: [HealthFlag], needsMore: [HealthFlag.Rule]) {
        var records = FlagRecords(subjectID: 1, isPet: true, today: Self.today)
        build(&records)
        return FlagRules.flags(records)
    }

    func day(_ back: Int) -> LocalDate { Self.today.adding(days: -back) }

    func weighings(_ values: [(Int, Double)]) -> [FlagRecords.Weighing] {
        values.map { FlagRecords.Weighing(day: day($0.0), grams: $0.1) }.sorted { $0.day < $1.day }
    }

    @Test("a pet's weight: 9.75% down is not raised, 10% is; one weighing, two 27 days apart or none recent need more")
    func petWeight() {
        #expect(pet { $0.weights = weighings([(60, 4000), (1, 3610)]) }.raised.isEmpty)
        let down = pet { $0.weights = weighings([(60, 4000), (1, 3600)]) }.raised
        #expect(down.map(\.rule) == [.weightLoss])
        #expect(down.first?.figures["percent"] == 10 && down.first?.figures["weeks"] == 8 && down.first?.level == 2)
        #expect(pet { $0.weights = weighings([(60, 4000), (1, 4400)]) }.raised.map(\.rule) == [.weightGain])
        #expect(pet { $0.weights = weighings([(1, 3000)]) }.needsMore == [.weightLoss])
        #expect(pet { $0.weights = weighings([(28, 4000), (1, 3000)]) }.needsMore == [.weightLoss], "27 days apart")
        #expect(pet { $0.weights = weighings([(29, 4000), (1, 3000)]) }.raised.map(\.rule) == [.weightLoss], "28 days apart")
        #expect(pet { $0.weights = weighings([(120, 4000), (61, 3000)]) }.needsMore == [.weightLoss], "the latest over 60 days ago")
        #expect(pet { $0.weights = weighings([(250, 4000), (1, 3000)]) }.needsMore == [.weightLoss], "the earlier over six months before")
        #expect(pet { _ in }.needsMore == [], "never weighed: nothing to say")
    }

    @Test("a person's weight: 4.86% down is not raised, 5% is")
    func personWeight() {
        func person(_ to: Double) -> [HealthFlag] {
            var records = FlagRecords(subjectID: 2, isPet: false, today: Self.today)
            records.weights = weighings([(90, 70_000), (3, to)])
            return FlagRules.flags(records).raised
        }
        #expect(person(66_600).isEmpty)
        #expect(person(66_500).map(\.rule) == [.weightLoss])
    }

    @Test("vomiting: 2 in 30 days is not raised, 3 is; one 30 days ago counts before, not in")
    func vomiting() {
        #expect(pet { $0.vomits = [day(1): 1, day(10): 1, day(30): 1] }.raised.isEmpty)
        let raised = pet { $0.vomits = [day(1): 2, day(29): 1, day(40): 1, day(70): 2] }.raised
        #expect(raised.map(\.rule) == [.vomiting])
        #expect(raised.first?.figures["count"] == 3 && raised.first?.figures["before"] == 1)
        #expect(raised.first?.days == [day(29), day(1)])
        #expect(raised.first?.since == day(1), "three within 30 days only since the second of yesterday's")
    }

    @Test("not eating and loose stools: one day is not raised, two running are (today or yesterday last), a gap breaks them")
    func streaks() {
        #expect(pet { $0.refusedDays = [day(1)] }.raised.isEmpty)
        #expect(pet { $0.refusedDays = [day(1), day(3)] }.raised.isEmpty)
        let twoDays = pet { $0.refusedDays = [day(1), day(2)] }.raised
        #expect(twoDays.map(\.rule) == [.notEating] && twoDays.first?.since == day(2) && twoDays.first?.figures["days"] == 2)
        #expect(pet { $0.refusedDays = [day(0), day(1), day(2)] }.raised.first?.level == 2)
        #expect(pet { $0.refusedDays = [day(2), day(3)] }.raised.isEmpty, "ended the day before yesterday")
        #expect(pet { $0.looseDays = [day(0), day(1)] }.raised.map(\.rule) == [.looseStools])
    }

    @Test("a severe symptom: 4 seven days ago is not raised, six days ago is; 3 never")
    func severe() {
        #expect(pet { $0.severeSymptoms = [day(7): 4] }.raised.isEmpty)
        let raised = pet { $0.severeSymptoms = [day(6): 5] }.raised
        #expect(raised.map(\.rule) == [.severeSymptom] && raised.first?.level == 2 && raised.first?.since == day(6))
    }

    func regimen(given: Int, days: Int = 30, missed: [Int] = []) -> FlagRecords.RegimenDays {
        var regimen = FlagRecords.RegimenDays(id: 9, name: "심장약")
        for back in 0..<days { regimen.due[day(back)] = 1 }
        for back in 0..<given { regimen.given[day(back)] = 1 }
        for back in missed { regimen.missed[day(back)] = 1 }
        return regimen
    }

    @Test("adherence: 24 of 30 (80%) is not raised, 23 of 30 is; 9 doses due are too few")
    func adherence() {
        #expect(pet { $0.regimens = [regimen(given: 24)] }.raised.isEmpty)
        let raised = pet { $0.regimens = [regimen(given: 23)] }.raised
        #expect(raised.map(\.rule) == [.lowAdherence] && raised.first?.figures["percent"] == 76 && raised.first?.key == "low_adherence.9")
        #expect(raised.first?.days.count == 7, "the days with a dose not given")
        #expect(pet { $0.regimens = [regimen(given: 1, days: 9)] }.raised.isEmpty)
    }

    @Test("missed doses: yesterday alone is not raised, yesterday and the day before are; today counts once its dose is past its window")
    func missedDays() {
        #expect(pet { $0.regimens = [regimen(given: 30, missed: [1])] }.raised.isEmpty)
        let raised = pet { $0.regimens = [regimen(given: 30, missed: [1, 2])] }.raised
        #expect(raised.map(\.key) == ["missed_days.9"] && raised.first?.regimenName == "심장약")
        // Today's dose past its window as well: three days, not two.
        let three = pet { $0.regimens = [regimen(given: 30, missed: [0, 1, 2])] }.raised
        #expect(three.first?.figures["days"] == 3 && three.first?.days == [day(2), day(1), day(0)], "\(three)")
    }

    @Test("seen covers a flag at its level while it has held; worse, or come back after, it does not")
    func seen() {
        let flag = HealthFlag(subjectID: 1, rule: .vomiting, level: 1, since: day(5), figures: [:], days: [])
        let mark = FlagSeen(level: 1, day: day(2), by: "엄마", at: Date())
        #expect(mark.covers(flag))
        #expect(!mark.covers(HealthFlag(subjectID: 1, rule: .vomiting, level: 2, since: day(5), figures: [:], days: [])), "worse")
        #expect(!mark.covers(HealthFlag(subjectID: 1, rule: .vomiting, level: 1, since: day(1), figures: [:], days: [])), "went away and came back")
    }
}
