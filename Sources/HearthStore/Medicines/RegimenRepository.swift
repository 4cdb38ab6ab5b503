import Foundation
import GRDB
import HearthCore

/// One item of a regimen as stored: since when it is given, and until when.
public struct RegimenItem: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let input: RegimenItemInput
    public let addedOn: LocalDate
    public let removedOn: LocalDate?
    public let countedAt: Date?

    public func given(on day: LocalDate) -> Bool { day >= addedOn && removedOn.map { day < $0 } ?? true }
}

/// A regimen with its schedule's spans and its items, past ones included.
public struct Regimen: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let subjectID: Int64
    public let subjectName: String
    public let subjectKind: SubjectSummary.Kind
    public let name: String
    public let purpose: String?
    public let remind: Bool
    public let spans: [ScheduleSpan]
    public let items: [RegimenItem]
    public let deleted: Bool
    /// When it was added: a regimen starting that day begins at its first dose time after.
    public let createdAt: Date

    /// False for a dose of the day the regimen was added whose window had passed when it was
    /// added (unless someone marked it): a regimen made at 20:50 "from today" has no missed
    /// 08:00 dose, while its 20:00 dose is still due (just given, perhaps). A start typed on an
    /// earlier day keeps that day's doses: that is history being recorded.
    public func couldBeGiven(_ slot: DoseSlot, in zone: TimeZone) -> Bool {
        guard slot.logged == nil, let first = spans.first, slot.day == first.from, first.from == LocalDate(createdAt, in: zone) else { return true }
        return slot.instant.addingTimeInterval(DoseSlot.window) > createdAt
    }

    /// The schedule as it is now (the last span).
    public var schedule: CareSchedule { spans.last!.schedule }
    public var currentItems: [RegimenItem] { items.filter { $0.removedOn == nil } }

    /// The last day with doses, if it ends (by its rule or because it was ended).
    public var lastDay: LocalDate? {
        guard let last = spans.last else { return nil }
        switch (last.until, last.schedule.lastDay) {
        case (let a?, let b?): return min(a, b)
        case (let a?, nil): return a
        case (nil, let b): return b
        }
    }

    public func hasEnded(by today: LocalDate) -> Bool { deleted || lastDay.map { $0 < today } ?? false }

    /// One of its spans reaches a day from `from` to `to`.
    public func spans(from: LocalDate, to: LocalDate) -> Bool { spans.contains { $0.from <= to && ($0.until.map { $0 >= from } ?? true) } }

    /// The items given on `day`: those taken out since, or added later, are not (the past keeps its doses).
    public func items(on day: LocalDate) -> [RegimenItem] { items.filter { $0.given(on: day) } }

    /// The items given on some day from `from` to `to`, in the order they were added.
    public func items(from: LocalDate, to: LocalDate) -> [RegimenItem] {
        items.filter { $0.addedOn <= to && ($0.removedOn.map { $0 > from } ?? true) }
    }
}

/// A regimen's doses over some days.
public struct RegimenDoses: Sendable {
    public let regimen: Regimen
    public let slots: [DoseSlot]
}

extension [RegimenDoses] {
    /// Every dose of these regimens with its regimen, earliest first: what a day's list shows.
    public var inTimeOrder: [(regimen: Regimen, slot: DoseSlot)] {
        flatMap { entry in entry.slots.map { (regimen: entry.regimen, slot: $0) } }.sorted { $0.slot.instant < $1.slot.instant }
    }
}

/// What happened when a member marked a dose.
public enum DoseMarking: Sendable, Equatable {
    case recorded
    /// Someone had marked it first: what they recorded.
    case already(LoggedDose)
}

public struct RegimenRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    // MARK: Reading

    /// The live regimens of the subjects a member may see (one subject's, when given),
    /// with their past spans and items.
    public func regimens(access: SubjectAccess, subjectID: Int64? = nil, includeDeleted: Bool = false) throws -> [Regimen] {
        try database.snapshot { snapshot in
            try Self.regimens(access: access, subjectID: subjectID, includeDeleted: includeDeleted, cache: snapshot.regimens, snapshot.db)
        }
    }

    public func regimen(id: Int64, access: SubjectAccess) throws -> Regimen? {
        try database.snapshot { snapshot in
            try Self.regimens(access: access, ids: [id], includeDeleted: false, cache: snapshot.regimens, snapshot.db).first
        }
    }

    /// As `regimens(access:…)` below, kept in `cache` (with the write count read before `db`'s
    /// snapshot began) when one is given.
    static func regimens(
        access: SubjectAccess, subjectID: Int64? = nil, ids: [Int64]? = nil, includeDeleted: Bool,
        cache: (KeptReads<String, [Regimen]>, generation: UInt64)?, _ db: Database
    ) throws -> [Regimen] {
        guard let (kept, generation) = cache else { return try regimens(access: access, subjectID: subjectID, ids: ids, includeDeleted: includeDeleted, db) }
        let key = "\(access.sqlCondition("s"))|\(subjectID ?? 0)|\(ids ?? [])|\(includeDeleted)"
        return try kept.value(key, generation: generation) {
            try regimens(access: access, subjectID: subjectID, ids: ids, includeDeleted: includeDeleted, db)
        }
    }

    static func regimens(access: SubjectAccess, subjectID: Int64? = nil, ids: [Int64]? = nil, includeDeleted: Bool, _ db: Database) throws -> [Regimen] {
        var conditions = [access.sqlCondition("r.subject_id"), "s.archived_at IS NULL"]
        if !includeDeleted { conditions.append("r.deleted_at IS NULL") }
        if let subjectID { conditions.append("r.subject_id = \(subjectID)") }
        if let ids { conditions.append("r.id IN (\(ids.map(String.init).joined(separator: ",")))") }
        // The conditions are the same for a member from one request to the next, so the three
        // statements are cached (preparing them was a tenth of a calendar day's time).
        let chosen = "FROM regimen r JOIN subject s ON s.id = r.subject_id WHERE " + conditions.joined(separator: " AND ")
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT r.id, r.subject_id, s.name AS subject_name, s.kind, r.name, r.purpose, r.remind, r.deleted_at IS NOT NULL AS deleted, r.created_at
                    \(chosen) ORDER BY s.kind = 'pet', s.name COLLATE NOCASE, r.name COLLATE NOCASE
                    """))
        guard !rows.isEmpty else { return [] }
        // Read by position, as `loggedDose(from:)` is: every page with doses loads every
        // regimen a member may see (the home page, 50 of them, spent an eighth of its time here).
        var spans: [Int64: [ScheduleSpan]] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT regimen_id, \(StoredSchedule.columns) FROM regimen_schedule WHERE regimen_id IN (SELECT r.id \(chosen)) ORDER BY regimen_id, id"))
        {
            spans[row[0], default: []].append(StoredSchedule.span(row, from: 1))
        }
        var items: [Int64: [RegimenItem]] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT regimen_id, id, medicine_id, name, amount, unit, mg_per_kg, in_hand, refill_days, added_on, removed_on, counted_at
                    FROM regimen_item WHERE regimen_id IN (SELECT r.id \(chosen)) ORDER BY regimen_id, position, id
                    """))
        {
            let input = RegimenItemInput(medicineID: row[2], name: row[3], amount: row[4], unit: row[5], mgPerKg: row[6], inHand: row[7], refillDays: row[8])
            items[row[0], default: []].append(
                RegimenItem(
                    id: row[1], input: input, addedOn: LocalDate(row[9] as String) ?? LocalDate(year: 2000, month: 1, day: 1)!,
                    removedOn: (row[10] as String?).flatMap(LocalDate.init), countedAt: StoredTime.optionalDate(row, 11)))
        }
        return rows.compactMap { row in
            let id: Int64 = row[0]
            guard let regimenSpans = spans[id], !regimenSpans.isEmpty else { return nil }
            return Regimen(
                id: id, subjectID: row[1], subjectName: row[2], subjectKind: (row[3] as String) == "person" ? .person : .pet,
                name: row[4], purpose: row[5], remind: row[6], spans: regimenSpans, items: items[id] ?? [], deleted: row[7],
                createdAt: StoredTime.date(row, 8))
        }
    }

    /// Every dose of the regimens a member may see between two days, deleted regimens
    /// included (their past stays): what was due, what was changed, what was given.
    public func doses(
        access: SubjectAccess, subjectID: Int64? = nil, regimenID: Int64? = nil, from: LocalDate, to: LocalDate, in timeZone: TimeZone
    ) throws -> [RegimenDoses] {
        try database.snapshot { snapshot in
            guard let regimenID else { return try Self.doses(access: access, subjectID: subjectID, from: from, to: to, in: timeZone, snapshot: snapshot) }
            return try Self.doses(
                access: access, subjectID: subjectID, regimenID: regimenID, from: from, to: to, in: timeZone, cache: snapshot.regimens, snapshot.db)
        }
    }

    /// Days' doses in a page's snapshot: worked out once for the whole household for as long
    /// as nothing is written (the calendar's month is 50 regimens × 42 days of schedules and
    /// log rows), then kept to the member's subjects, or one subject's.
    public static func doses(
        access: SubjectAccess, subjectID: Int64? = nil, from: LocalDate, to: LocalDate, in timeZone: TimeZone, snapshot: Snapshot
    ) throws -> [RegimenDoses] {
        let household = try snapshot.database.doseCache.value("\(from) \(to) \(timeZone.identifier)", generation: snapshot.generation) {
            try doses(access: .everyone, from: from, to: to, in: timeZone, cache: snapshot.regimens, snapshot.db)
        }
        return household.filter { access.allows($0.regimen.subjectID) && (subjectID == nil || $0.regimen.subjectID == subjectID) }
    }

    static func doses(
        access: SubjectAccess, subjectID: Int64? = nil, regimenID: Int64? = nil, from: LocalDate, to: LocalDate, in timeZone: TimeZone,
        cache: (KeptReads<String, [Regimen]>, generation: UInt64)? = nil, _ db: Database
    ) throws -> [RegimenDoses] {
        let regimens = try regimens(access: access, subjectID: subjectID, ids: regimenID.map { [$0] }, includeDeleted: true, cache: cache, db)
            .filter { $0.spans(from: from, to: to) || !$0.deleted }
        guard !regimens.isEmpty else { return [] }
        let idList = regimens.map { String($0.id) }.joined(separator: ",")
        // Cached: the list of regimens is the same for a member from one request to the next.
        let changes = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM dose_change WHERE regimen_id IN (\(idList)) AND day BETWEEN ? AND ?"),
            arguments: [from.description, to.description]
        ).compactMap(change(from:))
        let logged = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(doseColumns) FROM dose d LEFT JOIN account a ON a.id = d.account_id
                    WHERE d.regimen_id IN (\(idList)) AND d.day BETWEEN ? AND ?
                    """), arguments: [from.description, to.description]
        ).map(loggedDose(from:))
        return regimens.map { regimen in
            RegimenDoses(
                regimen: regimen,
                slots: DoseDay.slots(
                    regimenID: regimen.id, spans: regimen.spans, changes: changes, logged: logged, from: from, to: to, in: timeZone
                )
                .filter { regimen.couldBeGiven($0, in: timeZone) })
        }
    }

    /// The dose log's columns as `loggedDose(from:)` reads them, by position: a month of the
    /// household's doses is thousands of rows, and reading them by name (and their dates
    /// through GRDB's general path) was most of the calendar month's time.
    static let doseColumns = """
        d.regimen_id, d.day, d.time, d.status, d.given_at, d.reason, a.display_name, d.recorded_at,
        EXISTS (SELECT 1 FROM dose_taken_back b WHERE b.regimen_id = d.regimen_id AND b.day = d.day AND b.time = d.time), d.via
        """

    static func loggedDose(from row: Row) -> LoggedDose {
        LoggedDose(
            regimenID: row[0], day: LocalDate(row[1] as String) ?? LocalDate(year: 2000, month: 1, day: 1)!, time: row[2],
            status: (row[3] as String) == "skipped" ? .skipped : .given, givenAt: StoredTime.optionalDate(row, 4), reason: row[5],
            by: row[6], recordedAt: StoredTime.date(row, 7), changed: row[8], fromReminder: (row[9] as String?) == LoggedDose.viaReminder)
    }

    /// nil for a day that is not one (a file changed outside Hearth): that change is not shown.
    static func change(from row: Row) -> DoseChange? {
        guard let day = (row["day"] as String?).flatMap(LocalDate.init) else { return nil }
        return DoseChange(regimenID: row["regimen_id"], day: day, time: row["time"], movedTo: row["moved_to"], reason: row["reason"])
    }

    /// A subject the member may see, and (a pet's) latest weight, for the regimen form and page.
    public func subject(_ id: Int64, access: SubjectAccess) throws -> (subject: SubjectSummary, weightGrams: Double?)? {
        try database.read { db in
            guard let subject = try SubjectRepository.subjects(access: access, db).first(where: { $0.id == id }) else { return nil }
            return (subject, subject.kind == .pet ? try EntryRepository.latestWeightGrams(subjectID: id, db) : nil)
        }
    }

    /// Doses given of each item since its supply was counted, counted no further than the
    /// supply lasts (past that nothing is left, whatever the number): a few index entries
    /// (`dose_given`), not every dose of years.
    public func givenSinceCount(_ regimen: Regimen) throws -> [Int64: Int] {
        try givenSinceCount([regimen])
    }

    /// The same for several regimens (keyed by item, unique across regimens), in one read.
    public func givenSinceCount(_ regimens: [Regimen]) throws -> [Int64: Int] {
        try database.read { db in
            var counts: [Int64: Int] = [:]
            for regimen in regimens {
                try Self.givenSinceCount(regimen, into: &counts, db)
            }
            return counts
        }
    }

    private static func givenSinceCount(_ regimen: Regimen, into counts: inout [Int64: Int], _ db: Database) throws {
        for item in regimen.currentItems {
            guard let inHand = item.input.inHand else { continue }
            let enough = item.input.amount > 0 ? Int((inHand / item.input.amount).rounded(.up)) + 1 : 1
            counts[item.id] =
                try Int.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT count(*) FROM (SELECT 1 FROM dose WHERE regimen_id = ? AND status = 'given' AND coalesce(given_at, recorded_at) >= ? LIMIT ?)
                            """), arguments: [regimen.id, item.countedAt ?? .distantPast, enough]) ?? 0
        }
    }

    /// The as-needed doses given recently, for the minimum-interval warning.
    public func givenTimes(regimenID: Int64, since: Date) throws -> [Date] {
        try database.read { db in try Self.givenTimes(regimenID: regimenID, from: since, before: .distantFuture, db) }
    }

    /// When a regimen's doses were given from `from` up to `before`, in order (a glucose curve's shots too).
    static func givenTimes(regimenID: Int64, from: Date, before: Date, _ db: Database) throws -> [Date] {
        try Date.fetchAll(
            db.cachedStatement(sql: "SELECT given_at FROM dose WHERE regimen_id = ? AND status = 'given' AND given_at >= ? AND given_at < ? ORDER BY given_at"),
            arguments: [regimenID, from, before])
    }

    // MARK: Writing

    public func create(subjectID: Int64, _ input: RegimenInput, now: Date = Date()) async throws -> Int64 {
        try await database.write { db in
            try Self.requireFreeName(input.name, subjectID: subjectID, except: nil, db)
            try db.execute(
                sql: "INSERT INTO regimen(subject_id, name, purpose, remind, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [subjectID, input.name, input.purpose, input.remind, now, now])
            let id = db.lastInsertedRowID
            try Self.insertSpan(regimenID: id, input.schedule, db)
            for (position, item) in input.items.enumerated() {
                try Self.insertItem(regimenID: id, item, position: position, addedOn: input.schedule.start, now: now, db)
            }
            return id
        }
    }

    /// The regimen from `today` on: its name, purpose and reminders change outright; a changed
    /// schedule ends the current span yesterday and starts a new one (the past keeps the
    /// old); items taken out are dated today, new or changed ones start today.
    public func update(id: Int64, _ input: RegimenInput, today: LocalDate, now: Date = Date()) async throws {
        try await database.write { db in
            guard let current = try Self.regimens(access: .everyone, ids: [id], includeDeleted: false, db).first else { throw StoreError.regimenNotFound }
            try Self.requireFreeName(input.name, subjectID: current.subjectID, except: id, db)
            try db.execute(
                sql: "UPDATE regimen SET name = ?, purpose = ?, remind = ?, updated_at = ? WHERE id = ?",
                arguments: [input.name, input.purpose, input.remind, now, id])
            // Its first day, when an edit moved it back: the items it began with begin there too.
            var movedBack: (from: LocalDate, to: LocalDate)?
            if input.schedule != current.schedule || current.spans.last?.until != nil {
                let spanID = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT id FROM regimen_schedule WHERE regimen_id = ? ORDER BY id DESC LIMIT 1"), arguments: [id])!
                let last = current.spans[current.spans.count - 1]
                if last.from >= today {
                    // Not begun yet: nothing in the past to keep.
                    try db.execute(sql: "DELETE FROM regimen_schedule WHERE id = ?", arguments: [spanID])
                } else {
                    try db.execute(sql: "UPDATE regimen_schedule SET until_date = ? WHERE id = ?", arguments: [today.adding(days: -1).description, spanID])
                }
                // The rule keeps its own start (every 3 days stays in step), but a new span never
                // reaches back before today when there is a past to keep: spans never overlap.
                let hasPast = current.spans.count > 1 || last.from < today
                try Self.insertSpan(regimenID: id, input.schedule, from: hasPast ? today : nil, db)
                if !hasPast, input.schedule.start < last.from {
                    // Its start moved back: what it gave from its first day it gives from the new
                    // one (the days between once listed a dose with no medicine).
                    movedBack = (last.from, input.schedule.start)
                    try db.execute(
                        sql: "UPDATE regimen_item SET added_on = ? WHERE regimen_id = ? AND added_on = ?",
                        arguments: [input.schedule.start.description, id, last.from.description])
                }
            }
            let startOfItems = max(today, input.schedule.start)
            var position = 0
            for item in current.currentItems {
                if let kept = input.items.first(where: { $0.name.caseInsensitiveCompare(item.input.name) == .orderedSame }),
                    kept.amount == item.input.amount, kept.unit == item.input.unit, kept.mgPerKg == item.input.mgPerKg
                {
                    // The same dose: its supply fields may change without touching the past.
                    let recount = kept.inHand != item.input.inHand
                    try db.execute(
                        sql:
                            "UPDATE regimen_item SET in_hand = ?, refill_days = ?, counted_at = CASE WHEN ? THEN ? ELSE counted_at END, position = ? WHERE id = ?",
                        arguments: [kept.inHand, kept.refillDays, recount, now, position, item.id])
                    position += 1
                } else if (movedBack.map { item.addedOn == $0.from ? $0.to : item.addedOn } ?? item.addedOn) >= startOfItems {
                    try db.execute(sql: "DELETE FROM regimen_item WHERE id = ?", arguments: [item.id])
                } else {
                    try db.execute(sql: "UPDATE regimen_item SET removed_on = ? WHERE id = ?", arguments: [startOfItems.description, item.id])
                }
            }
            let kept = try String.fetchAll(
                db.cachedStatement(sql: "SELECT name FROM regimen_item WHERE regimen_id = ? AND removed_on IS NULL"), arguments: [id])
            for item in input.items where !kept.contains(where: { $0.caseInsensitiveCompare(item.name) == .orderedSame }) {
                try Self.insertItem(regimenID: id, item, position: position, addedOn: startOfItems, now: now, db)
                position += 1
            }
        }
    }

    /// Stops a regimen after `lastDay`: no doses after it; the past and its doses stay.
    public func end(id: Int64, lastDay: LocalDate, now: Date = Date()) async throws {
        try await database.write { db in
            guard
                let spanID = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT id FROM regimen_schedule WHERE regimen_id = ? ORDER BY id DESC LIMIT 1"), arguments: [id])
            else { throw StoreError.regimenNotFound }
            try db.execute(
                sql: "UPDATE regimen_schedule SET until_date = ? WHERE id = ? AND (until_date IS NULL OR until_date > ?)",
                arguments: [lastDay.description, spanID, lastDay.description])
            try db.execute(sql: "UPDATE regimen SET updated_at = ? WHERE id = ?", arguments: [now, id])
        }
    }

    /// Takes a regimen off every list. Nothing is erased: its schedule ends yesterday, and the
    /// days before still show what was due and what was given (today's doses stay too).
    public func delete(id: Int64, today: LocalDate, now: Date = Date()) async throws {
        try await end(id: id, lastDay: today.adding(days: -1), now: now)
        try await database.write { db in
            try db.execute(sql: "UPDATE regimen SET deleted_at = ? WHERE id = ?", arguments: [now, id])
        }
    }

    /// Marks one dose given or skipped. The dose log's key is the dose itself, so when two
    /// members mark it at once one insert wins and the other reads back who did it.
    public func mark(
        regimenID: Int64, day: LocalDate, time: Int, status: LoggedDose.Status, givenAt: Date?, reason: String?,
        accountID: Int64, now: Date = Date(), fromReminder: Bool = false
    ) async throws -> DoseMarking {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO dose(regimen_id, day, time, status, given_at, reason, account_id, recorded_at, via) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """,
                arguments: [
                    regimenID, day.description, time, status.rawValue, givenAt, reason, accountID, now, fromReminder ? LoggedDose.viaReminder : nil,
                ])
            if db.changesCount == 1 { return .recorded }
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.doseColumns) FROM dose d LEFT JOIN account a ON a.id = d.account_id WHERE d.regimen_id = ? AND d.day = ? AND d.time = ?
                        """), arguments: [regimenID, day.description, time])!
            return .already(Self.loggedDose(from: row))
        }
    }

    /// Whether a dose is marked (given or skipped): a reminder about it is then not sent.
    public func isMarked(_ dose: DoseKey) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM dose WHERE regimen_id = ? AND day = ? AND time = ?)",
                arguments: [dose.regimenID, dose.day.description, dose.time]) ?? false
        }
    }

    /// Whose a regimen is (deleted ones too: a reminder may outlive its regimen by a minute).
    public func subjectID(regimenID: Int64) throws -> Int64? {
        try database.read { db in try Int64.fetchOne(db, sql: "SELECT subject_id FROM regimen WHERE id = ?", arguments: [regimenID]) }
    }

    /// Takes a mark back (the dose is due, or missed, again). True when there was one. The dose
    /// is noted as taken back, so a later mark shows that it changed.
    @discardableResult
    public func undo(regimenID: Int64, day: LocalDate, time: Int) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM dose WHERE regimen_id = ? AND day = ? AND time = ?", arguments: [regimenID, day.description, time])
            guard db.changesCount > 0 else { return false }
            try db.execute(
                sql: "INSERT INTO dose_taken_back(regimen_id, day, time) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [regimenID, day.description, time])
            return true
        }
    }

    /// One day only: skip a dose ahead (`movedTo` nil) or move it to another time that day;
    /// `clear` puts it back as the schedule has it.
    public func changeDay(
        regimenID: Int64, day: LocalDate, time: Int, movedTo: Int?, reason: String?, clear: Bool, accountID: Int64, now: Date = Date()
    ) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM dose_change WHERE regimen_id = ? AND day = ? AND time = ?", arguments: [regimenID, day.description, time])
            guard !clear else { return }
            try db.execute(
                sql: "INSERT INTO dose_change(regimen_id, day, time, moved_to, reason, account_id, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [regimenID, day.description, time, movedTo, reason, accountID, now])
        }
    }

    /// A dose of the past, as a demo or an import brings it.
    public struct HistoricDose: Sendable {
        public let day: LocalDate, time: Int, status: LoggedDose.Status, givenAt: Date?, reason: String?, accountID: Int64

        public init(day: LocalDate, time: Int, status: LoggedDose.Status, givenAt: Date?, reason: String?, accountID: Int64) {
            (self.day, self.time, self.status, self.givenAt, self.reason, self.accountID) = (day, time, status, givenAt, reason, accountID)
        }
    }

    /// Many doses of one regimen in one transaction (the demo's ten years).
    public func recordHistory(regimenID: Int64, _ doses: [HistoricDose]) async throws -> Int {
        try await database.write { db in
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO dose(regimen_id, day, time, status, given_at, reason, account_id, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """)
            for dose in doses {
                try statement.execute(arguments: [
                    regimenID, dose.day.description, dose.time, dose.status.rawValue, dose.givenAt, dose.reason, dose.accountID,
                    dose.givenAt ?? Date(),
                ])
            }
            return doses.count
        }
    }

    // MARK: Helpers

    private static func requireFreeName(_ name: String, subjectID: Int64, except id: Int64?, _ db: Database) throws {
        let taken =
            try Bool.fetchOne(
                db.cachedStatement(
                    sql: "SELECT EXISTS (SELECT 1 FROM regimen WHERE subject_id = ? AND name = ? COLLATE NOCASE AND deleted_at IS NULL AND id IS NOT ?)"),
                arguments: [subjectID, name, id]) ?? false
        if taken { throw StoreError.regimenNameTaken }
    }

    private static func insertSpan(regimenID: Int64, _ schedule: CareSchedule, from: LocalDate? = nil, _ db: Database) throws {
        var columns = StoredSchedule.values(schedule)
        columns["regimen_id"] = regimenID
        columns["from_date"] = from.map { max($0, schedule.start).description }
        let names = columns.keys.sorted()
        try db.execute(
            sql: "INSERT INTO regimen_schedule(\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
            arguments: StatementArguments(names.map { columns[$0]! }))
    }

    private static func insertItem(regimenID: Int64, _ item: RegimenItemInput, position: Int, addedOn: LocalDate, now: Date, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO regimen_item(regimen_id, medicine_id, name, amount, unit, mg_per_kg, position, in_hand, counted_at, refill_days, added_on)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                regimenID, item.medicineID, item.name, item.amount, item.unit, item.mgPerKg, position, item.inHand,
                item.inHand == nil ? nil : now, item.refillDays, addedOn.description,
            ])
    }
}
