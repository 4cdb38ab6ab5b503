/// One vaccine given, as the plan reads the history.
public struct GivenDose: Sendable, Equatable {
    public let code: String?
    public let name: String
    public let date: LocalDate
    /// The next due date the household typed on the record, which wins over the schedule.
    public let nextDue: LocalDate?

    public init(code: String?, name: String, date: LocalDate, nextDue: LocalDate? = nil) {
        (self.code, self.name, self.date, self.nextDue) = (code, name, date, nextDue)
    }
}

/// Which dose of a schedule is due next.
public enum DueStep: Sendable, Equatable {
    /// Dose `n` of a young animal's starting series.
    case series(Int)
    /// Dose `n` of `of` of an adult's starting series.
    case adultSeries(Int, of: Int)
    case firstBooster
    case booster(months: Int)
    /// The date the household typed on the last record.
    case asRecorded
}

/// How a due date stands against today.
public enum DueStatus: String, Sendable, Equatable, Comparable {
    case overdue, today, soon, later

    public static func of(_ date: LocalDate, today: LocalDate, soonDays: Int = 30) -> DueStatus {
        if date < today { return .overdue }
        if date == today { return .today }
        return date.daysSince1970 - today.daysSince1970 <= soonDays ? .soon : .later
    }

    private var order: Int { [.overdue, .today, .soon, .later].firstIndex(of: self)! }
    public static func < (a: DueStatus, b: DueStatus) -> Bool { a.order < b.order }
}

/// A vaccine that is due, with the step and whether its date rests on an estimated birth date.
public struct DueVaccine: Sendable, Equatable {
    public let code: String?
    public let name: String
    public let date: LocalDate
    public let step: DueStep
    public let approximate: Bool
    public let status: DueStatus
}

/// What a pet is due, from its species' schedules, its birth date and what it has had.
public struct VaccinationPlan: Sendable {
    public let schedules: [VaccineSchedule]
    public let birthDate: LocalDate?
    public let birthDateEstimated: Bool
    public let adoptionDate: LocalDate?

    public init(schedules: [VaccineSchedule], birthDate: LocalDate?, birthDateEstimated: Bool = false, adoptionDate: LocalDate? = nil) {
        self.schedules = schedules
        self.birthDate = birthDate
        self.birthDateEstimated = birthDateEstimated
        self.adoptionDate = adoptionDate
    }

    /// Every vaccine with a next dose: core ones always, others once given, typed ones when
    /// their record has a next due date. Soonest first.
    ///
    /// A pet with no vaccination recorded has an unknown history, not a missed one: the shelter,
    /// the breeder or the last owner may have given what fell due before it came home. Only what
    /// lies after that day is planned (a puppy's first dose at six weeks); the pet's care card
    /// asks for the history instead of calling the rest overdue.
    public func due(history: [GivenDose], today: LocalDate) -> [DueVaccine] {
        var result: [DueVaccine] = []
        let known = adoptionDate ?? today
        for schedule in schedules {
            let given = history.filter { $0.code == schedule.code }.sorted { $0.date < $1.date }
            guard schedule.core || !given.isEmpty else { continue }
            if let last = given.last, let typed = last.nextDue {
                result.append(
                    DueVaccine(code: schedule.code, name: schedule.name, date: typed, step: .asRecorded, approximate: false, status: .of(typed, today: today)))
                continue
            }
            let (date, step, fromBirth) = next(schedule, given: given.map(\.date), today: today)
            if history.isEmpty && date <= known { continue }
            result.append(
                DueVaccine(
                    code: schedule.code, name: schedule.name, date: date, step: step, approximate: fromBirth && birthDateEstimated,
                    status: .of(date, today: today)))
        }
        // Vaccines typed by hand: due only when the record says when.
        let scheduled = Set(schedules.map(\.code))
        var latestTyped: [String: GivenDose] = [:]
        for dose in history where dose.code.map({ !scheduled.contains($0) }) ?? true {
            if let seen = latestTyped[dose.name.lowercased()], seen.date > dose.date { continue }
            latestTyped[dose.name.lowercased()] = dose
        }
        for dose in latestTyped.values {
            guard let date = dose.nextDue else { continue }
            result.append(DueVaccine(code: dose.code, name: dose.name, date: date, step: .asRecorded, approximate: false, status: .of(date, today: today)))
        }
        return result.sorted { ($0.date, $0.name) < ($1.date, $1.name) }
    }

    /// The next dose of one schedule after the doses `given` (in date order), and whether
    /// its date was worked out from the birth date.
    func next(_ schedule: VaccineSchedule, given: [LocalDate], today: LocalDate) -> (LocalDate, DueStep, Bool) {
        func age(weeks: Int) -> LocalDate? { birthDate?.adding(days: weeks * 7) }
        func isYoung(_ date: LocalDate) -> Bool { age(weeks: schedule.seriesUntilWeeks).map { date < $0 } ?? false }

        guard let first = given.first else {
            // Never vaccinated: a young animal starts its series at the first age; an older
            // one (or one of unknown age) starts the adult series, from when it came home.
            let eligible = age(weeks: schedule.firstAgeWeeks)
            if let eligible, eligible >= today || isYoung(today) {
                return (eligible, .series(1), true)
            }
            let start = [eligible, adoptionDate].compactMap { $0 }.max() ?? today
            return (start, schedule.adultStartDoses > 1 ? .adultSeries(1, of: schedule.adultStartDoses) : .series(1), false)
        }
        // Where the starting series ended: the first dose at the series' end age (a young
        // animal) or the last of the adult doses (an animal first vaccinated older).
        let endedAt: Int?
        if isYoung(first) {
            endedAt = given.firstIndex { !isYoung($0) }
        } else {
            endedAt = given.count >= schedule.adultStartDoses ? schedule.adultStartDoses - 1 : nil
        }
        let last = given[given.count - 1]
        guard let endedAt else {
            let every = max(schedule.seriesEveryWeeks, 1) * 7
            if isYoung(first) {
                // Never before the first age, even if a dose came early.
                let date = max(last.adding(days: every), age(weeks: schedule.firstAgeWeeks) ?? last)
                return (date, .series(given.count + 1), false)
            }
            return (last.adding(days: every), .adultSeries(given.count + 1, of: schedule.adultStartDoses), false)
        }
        if given.count - 1 == endedAt {
            return (last.adding(months: schedule.firstBoosterMonths), .firstBooster, false)
        }
        return (last.adding(months: schedule.boosterMonths), .booster(months: schedule.boosterMonths), false)
    }
}
