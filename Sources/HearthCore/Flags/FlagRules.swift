import Foundation

/// What the flag rules read of one subject: its records of the last months, day by day.
public struct FlagRecords: Sendable {
    public struct Weighing: Sendable {
        public let day: LocalDate
        public let grams: Double
        public init(day: LocalDate, grams: Double) {
            self.day = day
            self.grams = grams
        }
    }

    /// A regimen's scheduled doses day by day: due (their time has come), given, and missed
    /// (their window passed with no mark), as the dose log counts them.
    public struct RegimenDays: Sendable {
        public let id: Int64
        public let name: String
        public var due: [LocalDate: Int] = [:]
        public var given: [LocalDate: Int] = [:]
        public var missed: [LocalDate: Int] = [:]
        public init(id: Int64, name: String) {
            self.id = id
            self.name = name
        }
    }

    public let subjectID: Int64
    public let isPet: Bool
    public let today: LocalDate
    /// Weighings in time order.
    public var weights: [Weighing] = []
    /// Times vomited, by day.
    public var vomits: [LocalDate: Int] = [:]
    /// Days with a meal refused ("먹지 않음") and none eaten, all or some.
    public var refusedDays: Set<LocalDate> = []
    /// Days with a loose stool (fecal score 6–7) or blood.
    public var looseDays: Set<LocalDate> = []
    /// The worst severity of a symptom recorded on a day, from 4 up.
    public var severeSymptoms: [LocalDate: Int] = [:]
    public var regimens: [RegimenDays] = []
    /// Each tracker's records with a value at or past its field's urgent value, by day.
    public var urgent: [UrgentReadings] = []

    public struct UrgentReadings: Sendable {
        public let trackerID: Int64
        public let name: String
        public var days: [LocalDate: Int] = [:]
        public init(trackerID: Int64, name: String) { (self.trackerID, self.name) = (trackerID, name) }
    }

    public init(subjectID: Int64, isPet: Bool, today: LocalDate) {
        self.subjectID = subjectID
        self.isPet = isPet
        self.today = today
    }
}

/// The rules, each with the threshold a cited source gives (the help says which, in both
/// languages). A rule that has too little to go on raises nothing and says so (`needsMore`).
public enum FlagRules {
    /// Pets: more than 10% of body weight is likely significant, ±4–5% normal (provet). People:
    /// unintended loss of 5% or more over 6–12 months is significant (American Family Physician 2014).
    public static func weightShare(isPet: Bool) -> Double { isPet ? 0.10 : 0.05 }
    /// Two weighings at least four weeks apart, the later within the last 60 days, the earlier
    /// within six months of it.
    public static let weightApart = 28, weightRecent = 60, weightSpan = 183
    /// More than a couple of times a month warrants a visit (Texas A&M Pet Talk); 3 or more a
    /// month is chronic (Hastings Veterinary Hospital).
    public static let vomitsIn30Days = 3
    /// Two days running.
    public static let daysRunning = 2
    /// Severity 4–5 of Hearth's five-step scale, in the last 7 days.
    public static let severeFrom = 4, severeWithin = 7
    /// Under 80% of scheduled doses confirmed in a rolling 30 days is non-adherent (the PDC
    /// measure, Pharmacy Quality Alliance; MyTherapy and Medisafe use it), from 10 doses due
    /// over 7 days or more.
    public static let adherenceBelow = 0.8, adherenceDays = 30, adherenceMinimumDue = 10, adherenceMinimumDays = 7

    /// Every flag the records raise today, and the rules that had too little to go on.
    public static func flags(_ records: FlagRecords) -> (raised: [HealthFlag], needsMore: [HealthFlag.Rule]) {
        var raised: [HealthFlag] = [], needsMore: [HealthFlag.Rule] = []
        if var flag = weight(records, on: records.today) {
            flag.since = since(records, flag) { weight(records, on: $0)?.rule == flag.rule }
            raised.append(flag)
        } else if !records.weights.isEmpty && !hasTwoWeighings(records) {
            needsMore.append(.weightLoss)
        }
        if records.isPet {
            if var flag = vomiting(records, on: records.today) {
                flag.since = since(records, flag) { vomiting(records, on: $0) != nil }
                raised.append(flag)
            }
            if let flag = streak(.notEating, records.refusedDays, records) { raised.append(flag) }
            if let flag = streak(.looseStools, records.looseDays, records) { raised.append(flag) }
            if var flag = severe(records, on: records.today) {
                flag.since = since(records, flag) { severe(records, on: $0) != nil }
                raised.append(flag)
            }
        }
        for tracker in records.urgent {
            if var flag = urgent(records, tracker, on: records.today) {
                flag.since = since(records, flag) { urgent(records, tracker, on: $0) != nil }
                raised.append(flag)
            }
        }
        for regimen in records.regimens {
            if var flag = adherence(records, regimen, on: records.today) {
                flag.since = since(records, flag) { adherence(records, regimen, on: $0) != nil }
                raised.append(flag)
            }
            // A day counts once one of its doses is missed: its window passed unmarked (today's
            // too, once past its window: "2 days" was said on the third).
            let missedDays = Set(regimen.missed.filter { $0.value > 0 }.keys)
            if var flag = streak(.missedDays, missedDays, records) {
                flag = HealthFlag(
                    subjectID: flag.subjectID, rule: flag.rule, regimenID: regimen.id, regimenName: regimen.name, level: flag.level, since: flag.since,
                    figures: flag.figures, days: flag.days)
                raised.append(flag)
            }
        }
        return (raised, needsMore)
    }

    /// The first day of the unbroken run of days, back from today, on which `holds` (at most 180 days back).
    static func since(_ records: FlagRecords, _ flag: HealthFlag, holds: (LocalDate) -> Bool) -> LocalDate {
        var day = records.today
        for _ in 0..<180 {
            let before = day.adding(days: -1)
            guard holds(before) else { break }
            day = before
        }
        return day
    }

    static func hasTwoWeighings(_ records: FlagRecords) -> Bool { pair(records, on: records.today) != nil }

    /// The latest weighing on or before `day` (within 60 days of it) and the earliest at least
    /// four weeks and at most six months before that one.
    static func pair(_ records: FlagRecords, on day: LocalDate) -> (earlier: FlagRecords.Weighing, latest: FlagRecords.Weighing)? {
        guard let latest = records.weights.last(where: { $0.day <= day }), day.daysSince1970 - latest.day.daysSince1970 <= weightRecent else {
            return nil
        }
        let apart = latest.day.daysSince1970
        guard
            let earlier = records.weights.first(where: {
                (weightApart...weightSpan).contains(apart - $0.day.daysSince1970) && $0.grams > 0
            })
        else { return nil }
        return (earlier, latest)
    }

    static func weight(_ records: FlagRecords, on day: LocalDate) -> HealthFlag? {
        guard let (earlier, latest) = pair(records, on: day) else { return nil }
        let change = (latest.grams - earlier.grams) / earlier.grams
        guard abs(change) >= weightShare(isPet: records.isPet) else { return nil }
        return HealthFlag(
            subjectID: records.subjectID, rule: change < 0 ? .weightLoss : .weightGain, level: Int(abs(change) * 100 / 5), since: day,
            figures: [
                "percent": (abs(change) * 1000).rounded() / 10, "from": earlier.grams, "to": latest.grams,
                "weeks": Double((latest.day.daysSince1970 - earlier.day.daysSince1970) / 7),
            ],
            days: [earlier.day, latest.day])
    }

    static func vomiting(_ records: FlagRecords, on day: LocalDate) -> HealthFlag? {
        func times(_ from: Int, _ to: Int) -> (count: Int, days: [LocalDate]) {
            var count = 0, days: [LocalDate] = []
            for offset in from...to {
                let date = day.adding(days: -offset)
                if let n = records.vomits[date] {
                    count += n
                    days.append(date)
                }
            }
            return (count, days.sorted())
        }
        let recent = times(0, 29)
        guard recent.count >= vomitsIn30Days else { return nil }
        let before = times(30, 119).count
        return HealthFlag(
            subjectID: records.subjectID, rule: .vomiting, level: recent.count < 5 ? 1 : recent.count < 8 ? 2 : 3, since: day,
            figures: ["count": Double(recent.count), "before": (Double(before) / 3 * 10).rounded() / 10], days: recent.days)
    }

    /// Days running of `days`, the last of them today or yesterday (today's may not have come yet).
    static func streak(_ rule: HealthFlag.Rule, _ days: Set<LocalDate>, _ records: FlagRecords) -> HealthFlag? {
        var last = records.today
        if !days.contains(last) { last = last.adding(days: -1) }
        var run: [LocalDate] = []
        var day = last
        while days.contains(day) {
            run.insert(day, at: 0)
            day = day.adding(days: -1)
        }
        guard run.count >= daysRunning, let first = run.first else { return nil }
        return HealthFlag(subjectID: records.subjectID, rule: rule, level: run.count - 1, since: first, figures: ["days": Double(run.count)], days: run)
    }

    static func severe(_ records: FlagRecords, on day: LocalDate) -> HealthFlag? {
        let days = (0..<severeWithin).map { day.adding(days: -$0) }.filter { records.severeSymptoms[$0] != nil }.sorted()
        guard let worst = days.compactMap({ records.severeSymptoms[$0] }).max() else { return nil }
        return HealthFlag(
            subjectID: records.subjectID, rule: .severeSymptom, level: worst - severeFrom + 1, since: day, figures: ["severity": Double(worst)], days: days)
    }

    /// Any urgent reading in the last 7 days: a seizure of five minutes or more is an emergency
    /// (ACVIM 2015), 180/120 or more needs advice the same day (NICE NG136). Its level is how
    /// many, so one marked seen comes back with the next.
    static func urgent(_ records: FlagRecords, _ tracker: FlagRecords.UrgentReadings, on day: LocalDate) -> HealthFlag? {
        let days = (0..<severeWithin).map { day.adding(days: -$0) }.filter { tracker.days[$0] != nil }.sorted()
        let count = days.reduce(0) { $0 + (tracker.days[$1] ?? 0) }
        guard count > 0 else { return nil }
        return HealthFlag(
            subjectID: records.subjectID, rule: .urgentReading, trackerID: tracker.trackerID, trackerName: tracker.name, level: count, since: day,
            figures: ["count": Double(count)], days: days)
    }

    static func adherence(_ records: FlagRecords, _ regimen: FlagRecords.RegimenDays, on day: LocalDate) -> HealthFlag? {
        var due = 0, given = 0, daysDue = 0, missed: [LocalDate] = []
        for offset in 0..<adherenceDays {
            let date = day.adding(days: -offset)
            let n = regimen.due[date] ?? 0
            guard n > 0 else { continue }
            due += n
            daysDue += 1
            given += regimen.given[date] ?? 0
            if (regimen.due[date] ?? 0) > (regimen.given[date] ?? 0) { missed.append(date) }
        }
        guard due >= adherenceMinimumDue, daysDue >= adherenceMinimumDays else { return nil }
        let share = Double(given) / Double(due)
        guard share < adherenceBelow else { return nil }
        return HealthFlag(
            subjectID: records.subjectID, rule: .lowAdherence, regimenID: regimen.id, regimenName: regimen.name,
            level: share >= 0.6 ? 1 : share >= 0.4 ? 2 : 3, since: day,
            figures: ["percent": (share * 100).rounded(.down), "given": Double(given), "due": Double(due)], days: missed.sorted())
    }
}
