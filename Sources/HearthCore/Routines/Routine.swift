import Foundation

/// Who does a routine: anyone in the household, any of the chosen members, or the chosen
/// members taking turns — in their order, or whoever did it least lately.
public enum RoutineAssignment: String, Sendable, CaseIterable {
    case anyone
    case members
    case turn
    case least
}

/// A care routine as its form makes it: what ("양치", and how), for whom (a pet, a person, or
/// the house when `subjectID` is nil), when (a `CareSchedule` with at most one time of day),
/// how many days before it is "due soon", and who does it.
public struct RoutineInput: Sendable, Equatable {
    public var name: String
    public var how: String?
    public var subjectID: Int64?
    public var schedule: CareSchedule
    public var soonDays: Int
    public var assignment: RoutineAssignment
    /// The members it is assigned to, in turn order (empty for anyone).
    public var members: [Int64]
    public var remind: Bool

    public init(
        name: String, how: String? = nil, subjectID: Int64?, schedule: CareSchedule, soonDays: Int = 0, assignment: RoutineAssignment = .anyone,
        members: [Int64] = [], remind: Bool = true
    ) {
        (self.name, self.how, self.subjectID, self.schedule, self.soonDays) = (name, how, subjectID, schedule, soonDays)
        (self.assignment, self.members, self.remind) = (assignment, members, remind)
    }

    /// The most days ahead a routine may say it is due soon.
    public static let soonLimit = 60

    /// The form's fields: `name`, `how`, `subject` (a subject's id, or empty for the house),
    /// `soon_days`, `assign` (anyone, members, turn, least), `member_<id>` ticked (in the
    /// order `members` gives, which is the turn order), `remind`; and the schedule's
    /// (`CareSchedule.validate` for a routine: one time of day or none). `subjects` and
    /// `members` are the ids the member may choose.
    public static func validate(_ input: [String: String], subjects: Set<Int64>, members: [Int64]) -> Validated<RoutineInput> {
        var errors = FieldErrors()
        let name = FormInput.text(input, "name", errors: &errors)
        if name == nil { errors.add("name", "error.text.required") }
        let how = FormInput.text(input, "how", errors: &errors)
        var subjectID: Int64?
        if let raw = input["subject"], !raw.isEmpty {
            if let id = Int64(raw), subjects.contains(id) { subjectID = id } else { errors.add("subject", "error.choice.unknown") }
        }
        let soon = FormInput.number(input, "soon_days", range: 0...Double(soonLimit), units: NumberUnits.days, whole: true, errors: &errors)
        let assignment = FormInput.choice(input, "assign", default: RoutineAssignment.anyone, errors: &errors)
        let on = ["on", "yes", "1", "true"]
        let chosen = members.filter { on.contains(input["member_\($0)", default: ""]) }
        if let assignment, assignment != .anyone, chosen.isEmpty { errors.add("assign", "routines.error.members_required") }
        let schedule = CareSchedule.validate(input, for: .routine, errors: &errors)
        guard errors.isEmpty, let name, let schedule, let assignment else { return .invalid(errors) }
        return .valid(
            RoutineInput(
                name: name, how: how, subjectID: subjectID, schedule: schedule, soonDays: soon.map { Int($0) } ?? 0, assignment: assignment,
                members: assignment == .anyone ? [] : chosen, remind: on.contains(input["remind", default: ""])))
    }
}

/// A routine done or skipped: which due day it answers, when it was done, by whom.
public struct RoutineMark: Sendable, Equatable {
    public enum Status: String, Sendable { case done, skipped }
    public let routineID: Int64
    /// The due day it answers (for a routine done when needed: the day it was done).
    public let due: LocalDate
    public let status: Status
    /// When it was done (as typed: "I did it at 7"), nil when skipped.
    public let doneAt: Date?
    /// The household's day it was done on.
    public let doneDay: LocalDate?
    public let reason: String?
    public let byID: Int64?
    public let by: String?

    public init(routineID: Int64, due: LocalDate, status: Status, doneAt: Date?, doneDay: LocalDate?, reason: String?, byID: Int64?, by: String?) {
        (self.routineID, self.due, self.status, self.doneAt, self.doneDay, self.reason) = (routineID, due, status, doneAt, doneDay, reason)
        (self.byID, self.by) = (byID, by)
    }

    /// Done on a day after the one it was due.
    public var late: Bool { doneDay.map { $0 > due } ?? false }
}

/// Where a routine stands today: the occurrence that needs doing next and how urgent it is.
public struct RoutineDue: Sendable, Equatable {
    public enum State: String, Sendable {
        /// Its day has passed and nobody marked it.
        case overdue
        /// Due today.
        case today
        /// Within its "due soon" days.
        case soon
        /// Later than that.
        case later
    }

    /// The day it answers.
    public let day: LocalDate
    public let state: State

    /// The occurrence to do next, given the marks so far (newest first or in any order):
    /// - a calendar rule (every day, weekdays, every N …): the last day the rule placed on or
    ///   before today while nobody marked it (overdue when before today), else the next one.
    ///   An earlier unmarked day is not carried: it was missed, and the report says so.
    /// - N days after it was last done: N days after the newest "done" (or its start).
    /// - when needed, or ended: nil.
    /// No day before `firstDay` is due (a routine made "from today" after today's time has passed).
    public static func next(_ schedule: CareSchedule, soonDays: Int, marks: [RoutineMark], today: LocalDate, firstDay: LocalDate? = nil) -> RoutineDue? {
        let marked = Set(marks.map(\.due))
        var day: LocalDate?
        switch schedule.repeatRule {
        case .asNeeded: return nil
        case .afterDone:
            let lastDone = marks.filter { $0.status == .done }.compactMap(\.doneDay).max()
            // A skip answers its due day too: the next is N days after the skipped day.
            let lastSkipped = marks.filter { $0.status == .skipped }.map(\.due).max()
            day = schedule.due(after: [lastDone, lastSkipped].compactMap { $0 }.max()).map { day in firstDay.map { max(day, $0) } ?? day }
        default:
            if let last = schedule.lastDay(onOrBefore: today), last >= firstDay ?? last, !marked.contains(last), !marks.contains(where: { $0.due > last }) {
                day = last
            } else {
                var from = max(today.adding(days: 1), firstDay ?? today)
                while let candidate = schedule.firstDay(from: from, within: 800) {
                    if !marked.contains(candidate) {
                        day = candidate
                        break
                    }
                    from = candidate.adding(days: 1)
                }
            }
        }
        guard let day else { return nil }
        let state: State =
            day < today ? .overdue : day == today ? .today : day.daysSince1970 - today.daysSince1970 <= soonDays ? .soon : .later
        return RoutineDue(day: day, state: state)
    }
}

/// Whose turn it is.
public enum RoutineRotation {
    /// One "done" of the routine by a member.
    public struct Done: Sendable, Equatable {
        public let by: Int64
        public let at: Date
        public init(by: Int64, at: Date) { (self.by, self.at) = (by, at) }
    }

    /// How far back "least lately" looks.
    public static let lately: TimeInterval = 90 * 86400

    /// The members whose turn it is: nobody in particular for anyone, all the chosen for
    /// members; in turn, the one after whoever did it last (the first when nobody has, or a
    /// non-member did); least, whoever of them has done it least in the last 90 days, the
    /// longest ago first among equals, then in their order.
    public static func whoseTurn(_ assignment: RoutineAssignment, members: [Int64], done: [Done], now: Date) -> [Int64] {
        guard !members.isEmpty else { return [] }
        switch assignment {
        case .anyone: return []
        case .members: return members
        case .turn:
            let last = done.filter { members.contains($0.by) }.max { $0.at < $1.at }
            guard let last, let index = members.firstIndex(of: last.by) else { return [members[0]] }
            return [members[(index + 1) % members.count]]
        case .least:
            let recent = done.filter { now.timeIntervalSince($0.at) <= lately }
            func count(_ id: Int64) -> Int { recent.filter { $0.by == id }.count }
            func lastTime(_ id: Int64) -> Date { done.filter { $0.by == id }.map(\.at).max() ?? .distantPast }
            let order = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1, $0) })
            let best = members.min { a, b in
                (count(a), lastTime(a), order[a]!) < (count(b), lastTime(b), order[b]!)
            }
            return best.map { [$0] } ?? []
        }
    }
}
