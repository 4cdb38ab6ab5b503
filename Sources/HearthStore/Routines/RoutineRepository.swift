import Foundation
import GRDB
import HearthCore

/// A member a routine is assigned to.
public struct RoutineMember: Sendable, Equatable {
    public let id: Int64
    public let name: String
}

/// A care routine as stored, with what the household did of it lately.
public struct Routine: Sendable, Equatable, Identifiable {
    public let id: Int64
    /// Whose it is: nil for the house.
    public let subject: SubjectSummary?
    public let name: String
    public let how: String?
    public let schedule: CareSchedule
    public let soonDays: Int
    public let assignment: RoutineAssignment
    /// In turn order.
    public let members: [RoutineMember]
    public let remind: Bool
    /// Its marks of the last `RoutineRepository.memory` days (and every "when needed" one in
    /// them), newest due day first.
    public let marks: [RoutineMark]
    /// The first day it can be due: the day after its start when it was made on that day after
    /// its time had passed (made at 22:22 "from today" for 07:00: nothing missed today), else nil.
    public let firstDay: LocalDate?

    public var input: RoutineInput {
        RoutineInput(
            name: name, how: how, subjectID: subject?.id, schedule: schedule, soonDays: soonDays, assignment: assignment,
            members: members.map(\.id), remind: remind)
    }

    /// What needs doing next, as of `today`.
    public func due(today: LocalDate) -> RoutineDue? {
        RoutineDue.next(schedule, soonDays: soonDays, marks: marks, today: today, firstDay: firstDay)
    }

    /// The members whose turn it is now (empty: anyone).
    public func turn(now: Date) -> [RoutineMember] {
        let done = marks.compactMap { mark in mark.byID.flatMap { by in mark.doneAt.map { RoutineRotation.Done(by: by, at: $0) } } }
        let ids = RoutineRotation.whoseTurn(assignment, members: members.map(\.id), done: done, now: now)
        return ids.compactMap { id in members.first { $0.id == id } }
    }

    /// The newest "done".
    public var lastDone: RoutineMark? { marks.filter { $0.status == .done }.max { ($0.doneAt ?? .distantPast) < ($1.doneAt ?? .distantPast) } }

    /// The mark answering `day`, if any.
    public func mark(on day: LocalDate) -> RoutineMark? { marks.first { $0.due == day } }
}

/// What happened when a member marked a routine.
public enum RoutineMarking: Sendable, Equatable {
    case recorded
    /// Someone had marked that day first: what they recorded.
    case already(RoutineMark)
}

/// Care routines and their marks. Every read is limited to the routines a member may see:
/// the house's, and those of the subjects they may see (a pet archived hides its routines).
public struct RoutineRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// How far back marks are read: a year's routine's last day, with room.
    public static let memory = 400

    public func routines(access: SubjectAccess, subjectID: Int64? = nil, houseOnly: Bool = false, today: LocalDate) throws -> [Routine] {
        try database.read { db in try Self.routines(access: access, subjectID: subjectID, houseOnly: houseOnly, today: today, db) }
    }

    /// The same, from the household's routines kept between writes (a search reads them all).
    public func kept(access: SubjectAccess, today: LocalDate) throws -> [Routine] {
        try database.snapshot { snapshot in try Self.routines(access: access, today: today, in: snapshot) }
    }

    public func routine(id: Int64, access: SubjectAccess, today: LocalDate) throws -> Routine? {
        try database.read { db in try Self.routines(access: access, ids: [id], today: today, db).first }
    }

    /// The routines on a page several areas fill (home, a report): the household's are kept
    /// between writes (`KeptReads`), then cut to the member's subjects.
    public static func routines(access: SubjectAccess, subjectID: Int64? = nil, today: LocalDate, in snapshot: Snapshot) throws -> [Routine] {
        let household = try snapshot.database.routineCache.value(today.description, generation: snapshot.generation) {
            try routines(access: .everyone, today: today, snapshot.db)
        }
        return household.filter { routine in
            guard let subject = routine.subject else { return subjectID == nil }
            return access.allows(subject.id) && (subjectID == nil || subject.id == subjectID)
        }
    }

    /// Routines with their marks from `marksFrom` (when earlier than the usual 400 days: a
    /// calendar of an older month).
    static func routines(
        access: SubjectAccess, subjectID: Int64? = nil, houseOnly: Bool = false, ids: [Int64]? = nil, today: LocalDate, marksFrom: LocalDate? = nil,
        _ db: Database
    ) throws -> [Routine] {
        let subjects = Dictionary(uniqueKeysWithValues: try SubjectRepository.subjects(access: access, db).map { ($0.id, $0) })
        var conditions = ["r.deleted_at IS NULL"]
        if let subjectID { conditions.append("r.subject_id = \(subjectID)") }
        if houseOnly { conditions.append("r.subject_id IS NULL") }
        if let ids { conditions.append("r.id IN (\(ids.map(String.init).joined(separator: ",")))") }
        // Cached statements: the text is the same from one request to the next.
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT r.id, r.subject_id, r.name, r.how, r.soon_days, r.assignment, r.remind, r.created_at, \(StoredSchedule.columns.replacingOccurrences(of: "from_date, until_date", with: "NULL, NULL"))
                    FROM routine r WHERE \(conditions.joined(separator: " AND ")) ORDER BY r.name COLLATE NOCASE, r.id
                    """))
        // A routine of a subject the member may not see (or archived) is left out.
        let visible = rows.filter { row in (row["subject_id"] as Int64?).map { subjects[$0] != nil } ?? true }
        guard !visible.isEmpty else { return [] }
        let list = visible.map { String($0["id"] as Int64) }.joined(separator: ",")
        var members: [Int64: [RoutineMember]] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT m.routine_id, a.id, a.display_name FROM routine_member m JOIN account a ON a.id = m.account_id
                    WHERE m.routine_id IN (\(list)) AND a.disabled_at IS NULL ORDER BY m.routine_id, m.position
                    """))
        {
            members[row[0], default: []].append(RoutineMember(id: row[1], name: row[2]))
        }
        var marks: [Int64: [RoutineMark]] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(markColumns) FROM routine_mark k LEFT JOIN account a ON a.id = k.account_id
                    WHERE k.routine_id IN (\(list)) AND (k.due_date >= ? OR k.done_date >= ?) ORDER BY k.due_date DESC, k.done_at DESC
                    """), arguments: StatementArguments(Array(repeating: min(today.adding(days: -memory), marksFrom ?? today).description, count: 2)))
        {
            let mark = mark(row)
            marks[mark.routineID, default: []].append(mark)
        }
        let zone = try String.fetchOne(db.cachedStatement(sql: "SELECT time_zone FROM household")).flatMap(TimeZone.init(identifier:)) ?? .current
        return visible.map { row in
            let id: Int64 = row["id"]
            let schedule = StoredSchedule.schedule(row, from: 8)
            return Routine(
                id: id, subject: (row["subject_id"] as Int64?).flatMap { subjects[$0] }, name: row["name"], how: row["how"],
                schedule: schedule, soonDays: row["soon_days"],
                assignment: RoutineAssignment(rawValue: row["assignment"]) ?? .anyone, members: members[id] ?? [], remind: row["remind"],
                marks: marks[id] ?? [], firstDay: Self.firstDay(schedule, madeAt: StoredTime.date(row, 7), in: zone))
        }
    }

    /// The day after the start when the routine was made on its start day more than a dose's
    /// window (`DoseSlot.window`) after its time, as a regimen's first doses are (`couldBeGiven`).
    static func firstDay(_ schedule: CareSchedule, madeAt: Date, in zone: TimeZone) -> LocalDate? {
        guard let time = schedule.times.first, LocalDate(madeAt, in: zone) == schedule.start,
            madeAt > WallClock.instant(schedule.start, minutes: time, in: zone).addingTimeInterval(DoseSlot.window)
        else { return nil }
        return schedule.start.adding(days: 1)
    }

    static let markColumns = "k.routine_id, k.due_date, k.status, k.done_at, k.done_date, k.reason, k.account_id, a.display_name"

    static func mark(_ row: Row) -> RoutineMark {
        let doneDay = (row[4] as String?).flatMap(LocalDate.init)
        return RoutineMark(
            routineID: row[0], due: (row[1] as String?).flatMap(LocalDate.init) ?? doneDay ?? LocalDate(daysSince1970: 0),
            status: (row[2] as String) == "skipped" ? .skipped : .done, doneAt: StoredTime.optionalDate(row, 3), doneDay: doneDay, reason: row[5],
            byID: row[6], by: row[7])
    }

    // MARK: Writing

    /// Throws `StoreError.full` when the household has `Bounds.routines`.
    public func create(_ input: RoutineInput, by accountID: Int64, now: Date = Date()) async throws -> Int64 {
        try await database.write { db in
            try Bounds.check(db, most: Bounds.routines, "SELECT count(*) FROM routine WHERE deleted_at IS NULL")
            var values = Self.values(input)
            values["created_at"] = now
            values["created_by"] = accountID
            try Self.insert("routine", values, db)
            let id = db.lastInsertedRowID
            try Self.writeMembers(id, input.members, db)
            return id
        }
    }

    public func update(id: Int64, _ input: RoutineInput) async throws {
        try await database.write { db in
            let values = Self.values(input)
            try db.execute(
                sql: "UPDATE routine SET \(values.keys.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ? AND deleted_at IS NULL",
                arguments: StatementArguments(values.values.map { $0?.databaseValue ?? .null } + [id.databaseValue]))
            guard db.changesCount == 1 else { throw StoreError.routineNotFound }
            try db.execute(sql: "DELETE FROM routine_member WHERE routine_id = ?", arguments: [id])
            try Self.writeMembers(id, input.members, db)
        }
    }

    public func delete(id: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE routine SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL", arguments: [now, id])
        }
    }

    /// Marks the day `due` done (at `doneAt`, on the household's `doneDay`) or skipped. The
    /// first mark of a day wins: a second is not written and says who was first. A routine done
    /// when needed passes no due day.
    /// `together`: the same routine of other subjects done at the same time (each with the day
    /// it answers), marked in the same transaction; one already marked that day stays as it was.
    public func mark(
        routineID: Int64, due: LocalDate?, status: RoutineMark.Status, doneAt: Date?, doneDay: LocalDate?, reason: String?, accountID: Int64,
        together: [(routineID: Int64, due: LocalDate?)] = [], now: Date = Date()
    ) async throws -> RoutineMarking {
        try await database.write { db in
            for other in together {
                try db.execute(
                    sql: """
                        INSERT INTO routine_mark(routine_id, due_date, status, done_at, done_date, reason, account_id, recorded_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                        """,
                    arguments: [other.routineID, other.due?.description, status.rawValue, doneAt, doneDay?.description, reason, accountID, now])
            }
            try db.execute(
                sql: """
                    INSERT INTO routine_mark(routine_id, due_date, status, done_at, done_date, reason, account_id, recorded_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """,
                arguments: [routineID, due?.description, status.rawValue, doneAt, doneDay?.description, reason, accountID, now])
            if db.changesCount == 1 { return .recorded }
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: "SELECT \(Self.markColumns) FROM routine_mark k LEFT JOIN account a ON a.id = k.account_id WHERE k.routine_id = ? AND k.due_date = ?",
                    arguments: [routineID, due?.description])
            else { throw StoreError.routineNotFound }
            return .already(Self.mark(row))
        }
    }

    /// Takes back the mark of `due` (a "when needed" one: the newest done that day).
    public func undo(routineID: Int64, due: LocalDate) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    DELETE FROM routine_mark WHERE id = (
                        SELECT id FROM routine_mark WHERE routine_id = ? AND (due_date = ? OR (due_date IS NULL AND done_date = ?))
                        ORDER BY due_date IS NULL, done_at DESC LIMIT 1)
                    """, arguments: [routineID, due.description, due.description])
        }
    }

    static func values(_ input: RoutineInput) -> [String: (any DatabaseValueConvertible)?] {
        var values = StoredSchedule.values(input.schedule)
        values["subject_id"] = input.subjectID
        values["name"] = input.name
        values["how"] = input.how
        values["soon_days"] = input.soonDays
        values["assignment"] = input.assignment.rawValue
        values["remind"] = input.remind
        return values
    }

    static func insert(_ table: String, _ values: [String: (any DatabaseValueConvertible)?], _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO \(table)(\(values.keys.joined(separator: ", "))) VALUES (\(values.keys.map { _ in "?" }.joined(separator: ", ")))",
            arguments: StatementArguments(values.values.map { $0?.databaseValue ?? .null }))
    }

    static func writeMembers(_ id: Int64, _ members: [Int64], _ db: Database) throws {
        for (position, account) in members.enumerated() {
            try db.execute(
                sql: "INSERT INTO routine_member(routine_id, account_id, position) VALUES (?, ?, ?)", arguments: [id, account, position])
        }
    }
}
