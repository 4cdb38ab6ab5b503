import Foundation
import GRDB
import HearthCore

/// What a calendar cell shows of one day.
public struct DayMarks: Sendable, Equatable {
    /// Records by kind, summed over the subjects shown.
    public var records: [EntryKind: Int] = [:]
    /// The people who met their water goal, and their steps goal, that day.
    public var waterMet: [Int64] = []
    public var stepsMet: [Int64] = []
    /// The day's first photo.
    public var photo: String?
    /// Vaccines, preventives and follow-ups due that day.
    public var due: [CareDue] = []
    /// Doses given of those due by then (scheduled doses, over every regimen shown).
    public var doses: Adherence?
    /// Routines due that day (or done then, when they place no days of their own).
    public var routines: [RoutineDayMark] = []
    /// Appointments that day ("Tori vet visit 10:00").
    public var appointments: [Appointment] = []

    public init() {}
}

/// Which marks a calendar shows: one subject or all a member may see, one kind or all.
public struct CalendarFilter: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case record(EntryKind)
        case water
        case steps
    }

    public var subject: Int64?
    public var kind: Kind?

    public init(subject: Int64? = nil, kind: Kind? = nil) {
        (self.subject, self.kind) = (subject, kind)
    }
}

/// A person's day in the calendar's collected view: their figures and the goals that held.
public struct PersonDayFigures: Sendable, Equatable {
    public let subjectID: Int64
    public let waterML: Int
    public let steps: Int?
    public let goals: DailyGoals
}

/// The household calendar: marks for a run of days, and everything on one day. Every read
/// is limited to the subjects the member may see.
public struct CalendarRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// What each area adds to a calendar day, in the order of a cell: records and photos
    /// (pets and people), care due (health), doses (medicines), goals met (people). Each reads
    /// inside the calendar's one snapshot.
    static let sources: [any CalendarMarksSource.Type] = [
        RecordMarks.self, CareDueMarks.self, DoseMarks.self, RoutineMarks.self, AppointmentMarks.self, GoalMarks.self,
    ]

    /// Marks for each day from `from` to `to` that has any. Kept between writes: they change
    /// with the data, and with the clock only when a dose comes due (`lastClockChange`).
    public func marks(
        from: LocalDate, to: LocalDate, today: LocalDate, access: SubjectAccess, filter: CalendarFilter = CalendarFilter(),
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, now: Date = Date(), doses: Bool = true
    ) throws -> [LocalDate: DayMarks] {
        let clock = doses ? try database.lastClockChange(at: now, in: timeZone, generation: database.generation) : Date(timeIntervalSince1970: 0)
        let key = "\(from) \(to) \(today) \(access) \(filter) \(timeZone.identifier) \(doses) \(clock.timeIntervalSince1970)"
        return try database.snapshot { snapshot in
            try database.marksCache.value(key, generation: snapshot.generation) {
                var subjects = try SubjectRepository.subjects(access: access, in: snapshot)
                if let only = filter.subject { subjects = subjects.filter { $0.id == only } }
                let span = CalendarSpan(
                    from: from, to: to, today: today, access: access, filter: filter, subjects: subjects, timeZone: timeZone, now: now, withDoses: doses,
                    snapshot: snapshot)
                var marks: [LocalDate: DayMarks] = [:]
                for source in Self.sources { try source.mark(&marks, span, snapshot.db) }
                return marks
            }
        }
    }

    /// A person's days with figures from `from` to `to`, each with the goals that held that day.
    static func figures(subjectID: Int64, from: LocalDate, to: LocalDate, _ db: Database) throws -> [(day: String, value: PersonDayFigures)] {
        let goals = try DailyRepository.history(subjectID: subjectID, through: to, db).map { (from: $0.from.description, goals: $0.goals) }
        let days = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT local_date, water_ml, steps FROM person_day WHERE subject_id = ? AND local_date BETWEEN ? AND ? ORDER BY local_date
                    """), arguments: [subjectID, from.description, to.description])
        var index = -1
        return days.map { row in
            let day: String = row["local_date"]
            // Days and goal changes both ascend: walk the goals alongside.
            while index + 1 < goals.count && goals[index + 1].from <= day { index += 1 }
            let held = index >= 0 ? goals[index].goals : DailyGoals()
            return (day, PersonDayFigures(subjectID: subjectID, waterML: row["water_ml"], steps: row["steps"], goals: held))
        }
    }

    /// Everything on one day, for each subject the member may see: records (earliest first),
    /// and for people their water, steps and goals.
    public func day(_ day: LocalDate, access: SubjectAccess) throws -> [(subject: SubjectSummary, records: [StoredEntry], figures: PersonDayFigures?)] {
        try database.read { db in
            try SubjectRepository.subjects(access: access, db).map { subject in
                let records = try EntryRepository.fetch(
                    db, where: "e.subject_id = ? AND e.local_date = ? AND e.deleted_at IS NULL", arguments: [subject.id, day.description], limit: 500)
                let figures = subject.kind == .person ? try Self.figures(subjectID: subject.id, from: day, to: day, db).first?.value : nil
                return (subject, Array(records.reversed()), figures)
            }
        }
    }

    /// Each month's cover for a year: its favourite photo, else its first, and how many days had anything.
    public func year(_ year: Int, access: SubjectAccess) throws -> [Int: (cover: String?, activeDays: Set<Int>)] {
        try database.read { db in
            let ids = try SubjectRepository.subjects(access: access, db).map(\.id)
            guard !ids.isEmpty else { return [:] }
            let list = ids.map(String.init).joined(separator: ",")
            let range: StatementArguments = [String(format: "%04d-01-01", year), String(format: "%04d-12-31", year)]
            var months: [Int: (cover: String?, activeDays: Set<Int>)] = [:]
            for row in try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT DISTINCT local_date FROM entry WHERE subject_id IN (\(list)) AND local_date BETWEEN ? AND ? AND deleted_at IS NULL
                        UNION SELECT local_date FROM daily_value WHERE subject_id IN (\(list)) AND local_date BETWEEN ? AND ?
                        """), arguments: range + range)
            {
                guard let day = LocalDate(row[0] as String) else { continue }
                months[day.month, default: (nil, [])].activeDays.insert(day.day)
            }
            // A month's favourite photo, else its first.
            for row in try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT month, photo_sha FROM (
                            SELECT substr(e.local_date, 6, 2) AS month, p.photo_sha,
                                   row_number() OVER (PARTITION BY substr(e.local_date, 6, 2) ORDER BY ph.favourite_at IS NULL, e.occurred_at, p.position) AS rank
                            FROM entry e JOIN entry_photo p ON p.entry_id = e.id JOIN photo ph ON ph.sha256 = p.photo_sha
                            WHERE e.subject_id IN (\(list)) AND e.local_date BETWEEN ? AND ? AND e.deleted_at IS NULL AND e.photo_count > 0)
                        WHERE rank = 1
                        """), arguments: range)
            {
                guard let month = Int(row[0] as String) else { continue }
                months[month, default: (nil, [])].cover = row[1]
            }
            return months
        }
    }
}
