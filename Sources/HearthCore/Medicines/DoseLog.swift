import Foundation

/// A dose someone marked: given (at a time) or skipped (with a reason), by whom, when.
public struct LoggedDose: Sendable, Equatable {
    public enum Status: String, Sendable { case given, skipped }
    public let regimenID: Int64
    public let day: LocalDate
    /// The scheduled minute it answers (an as-needed dose: the minute it was given).
    public let time: Int
    public let status: Status
    public let givenAt: Date?
    public let reason: String?
    public let by: String?
    public let recordedAt: Date
    /// An earlier mark of this dose was taken back: what shows is not what was first recorded
    /// (the regimen's history says each step).
    public let changed: Bool
    /// Marked with a reminder's button, not on a page ("(알림에서)").
    public let fromReminder: Bool
    /// `dose.via` of a mark made from a reminder.
    public static let viaReminder = "notification"

    public init(
        regimenID: Int64, day: LocalDate, time: Int, status: Status, givenAt: Date?, reason: String?, by: String?, recordedAt: Date, changed: Bool = false,
        fromReminder: Bool = false
    ) {
        self.fromReminder = fromReminder
        self.regimenID = regimenID
        self.day = day
        self.time = time
        self.status = status
        self.givenAt = givenAt
        self.reason = reason
        self.by = by
        self.recordedAt = recordedAt
        self.changed = changed
    }
}

/// One day's change to one scheduled dose, made ahead: moved to another time that day, or
/// skipped (`movedTo` nil).
public struct DoseChange: Sendable, Equatable {
    public let regimenID: Int64
    public let day: LocalDate
    public let time: Int
    public let movedTo: Int?
    public let reason: String?

    public init(regimenID: Int64, day: LocalDate, time: Int, movedTo: Int?, reason: String?) {
        self.regimenID = regimenID
        self.day = day
        self.time = time
        self.movedTo = movedTo
        self.reason = reason
    }
}

/// A regimen's schedule over the days it held: "from now on" changes end one span and start
/// another, so the past keeps what was due then.
public struct ScheduleSpan: Sendable, Equatable {
    public let schedule: CareSchedule
    /// The first day of this span: the rule's start, or a later day when a change "from now
    /// on" began it (the rule still counts from its own start).
    public let from: LocalDate
    /// The last day of this span, when a later span (or the regimen's end) took over.
    public let until: LocalDate?

    public init(schedule: CareSchedule, from: LocalDate? = nil, until: LocalDate?) {
        self.schedule = schedule
        self.from = max(from ?? schedule.start, schedule.start)
        self.until = until
    }

    /// The doses of this span between two days.
    public func occurrences(from: LocalDate, to: LocalDate, in timeZone: TimeZone) -> [CareSchedule.Occurrence] {
        schedule.occurrences(from: max(from, self.from), to: until.map { min($0, to) } ?? to, in: timeZone)
    }
}

/// One dose of one regimen as a day's list shows it, and what became of it.
public struct DoseSlot: Sendable, Equatable {
    public enum State: String, Sendable {
        /// Marked given / skipped by someone.
        case given, skipped
        /// Its time has come and it is still inside its window.
        case dueNow = "due"
        /// Later today (or later on the day shown).
        case later
        /// Its window passed and nobody marked it.
        case missed
    }

    public let regimenID: Int64
    public let day: LocalDate
    /// The scheduled minute (the key of the dose log).
    public let time: Int
    /// When it is to be given: the scheduled time, or where a one-day change moved it.
    public let minutes: Int
    public let instant: Date
    public let logged: LoggedDose?
    /// A change made ahead for this day.
    public let change: DoseChange?
    /// Given outside any schedule (as needed).
    public let asNeeded: Bool

    public init(regimenID: Int64, day: LocalDate, time: Int, minutes: Int, instant: Date, logged: LoggedDose?, change: DoseChange?, asNeeded: Bool) {
        self.regimenID = regimenID
        self.day = day
        self.time = time
        self.minutes = minutes
        self.instant = instant
        self.logged = logged
        self.change = change
        self.asNeeded = asNeeded
    }

    public func state(at now: Date, window: TimeInterval = DoseSlot.window) -> State {
        if let logged { return logged.status == .given ? .given : .skipped }
        if let change, change.movedTo == nil { return .skipped }
        if now < instant { return .later }
        return now < instant.addingTimeInterval(window) ? .dueNow : .missed
    }

    /// The next dose among `slots` (one regimen's or many, in any order): the earliest neither
    /// given nor skipped whose time is now (still in its window: "지금") or later, one-day moves
    /// and skips applied. The one reading of "the next dose" for the regimen's page, the reports,
    /// the API and Home Assistant: a report once invited a second insulin shot by reading the
    /// schedule alone, after today's evening dose had been moved to the morning and given.
    public static func next(in slots: some Sequence<DoseSlot>, now: Date) -> DoseSlot? {
        slots.filter { !$0.asNeeded && [.dueNow, .later].contains($0.state(at: now)) }.min { ($0.instant, $0.regimenID) < ($1.instant, $1.regimenID) }
    }

    /// How long after its time a dose counts as "due now" before it is "missed" (it can
    /// still be marked given after). Reminders are sent inside this window only.
    public static let window: TimeInterval = 2 * 3600
}

public enum DoseDay {
    /// The doses of one regimen on the days from `from` to `to`: what the schedule placed, with
    /// one-day changes applied, each with its log entry; and doses logged outside the
    /// schedule (as needed, or against a time the schedule no longer has). In time order.
    public static func slots(
        regimenID: Int64, spans: [ScheduleSpan], changes: [DoseChange], logged: [LoggedDose],
        from: LocalDate, to: LocalDate, in timeZone: TimeZone
    ) -> [DoseSlot] {
        struct Key: Hashable {
            let day: LocalDate
            let time: Int
        }
        var logByKey: [Key: LoggedDose] = [:]
        for dose in logged where dose.regimenID == regimenID { logByKey[Key(day: dose.day, time: dose.time)] = dose }
        var changeByKey: [Key: DoseChange] = [:]
        for change in changes where change.regimenID == regimenID { changeByKey[Key(day: change.day, time: change.time)] = change }
        var slots: [DoseSlot] = []
        for span in spans {
            for occurrence in span.occurrences(from: from, to: to, in: timeZone) {
                let key = Key(day: occurrence.day, time: occurrence.time)
                let change = changeByKey[key]
                let minutes = change?.movedTo ?? occurrence.time
                let instant = minutes == occurrence.time ? occurrence.instant : WallClock.instant(occurrence.day, minutes: minutes, in: timeZone)
                slots.append(
                    DoseSlot(
                        regimenID: regimenID, day: occurrence.day, time: occurrence.time, minutes: minutes, instant: instant,
                        logged: logByKey.removeValue(forKey: key), change: change, asNeeded: false))
            }
        }
        for dose in logByKey.values where dose.day >= from && dose.day <= to && dose.status == .given {
            slots.append(
                DoseSlot(
                    regimenID: regimenID, day: dose.day, time: dose.time, minutes: dose.time,
                    instant: dose.givenAt ?? WallClock.instant(dose.day, minutes: dose.time, in: timeZone),
                    logged: dose, change: nil, asNeeded: true))
        }
        return slots.sorted { ($0.instant, $0.time) < ($1.instant, $1.time) }
    }

    /// For an as-needed regimen: the last dose given before `at`, when it is closer than the
    /// minimum interval (the form warns, and the member may still give it).
    public static func tooSoon(after given: [Date], at: Date, minimumMinutes: Int) -> Date? {
        guard minimumMinutes > 0 else { return nil }
        return given.filter { $0 <= at && at.timeIntervalSince($0) < Double(minimumMinutes) * 60 }.max()
    }
}

/// How well a regimen was kept in a month: doses given of those due (a dose is due once its
/// time has passed; skipped doses count as not given, as the household would read it).
public struct Adherence: Sendable, Equatable {
    public let given: Int
    public let due: Int

    public init(given: Int, due: Int) {
        self.given = given
        self.due = due
    }

    public var fraction: Double? { due == 0 ? nil : Double(given) / Double(due) }

    /// Counts the scheduled doses whose time has come by `now`.
    public static func of(_ slots: [DoseSlot], now: Date) -> Adherence {
        let due = due(slots, now: now)
        return Adherence(given: due.filter { $0.logged?.status == .given }.count, due: due.count)
    }

    /// The scheduled doses owed by `now`: marked since their time came, or unmarked past their
    /// window (one still inside it is due now, not missed), or given already (a few minutes early
    /// counts from the moment it was given); not as-needed, not skipped ahead of time. What
    /// adherence counts, and, those not given, what a report lists as missed.
    public static func due(_ slots: [DoseSlot], now: Date) -> [DoseSlot] {
        slots.filter { slot in
            let owed = slot.instant <= now && (slot.logged != nil || slot.instant.addingTimeInterval(DoseSlot.window) <= now)
            return !slot.asNeeded && (owed || slot.logged?.status == .given) && !(slot.change != nil && slot.change?.movedTo == nil)
        }
    }
}
