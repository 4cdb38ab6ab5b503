import Foundation
import GRDB
import HearthCore

/// Something on a subject's timeline that is not one of its records: a dose given, skipped or
/// missed, a routine done or skipped, an appointment, a person's day of water and steps.
public struct TimelineEvent: Sendable {
    public enum What: Sendable {
        case dose(Regimen, DoseSlot)
        case routine(Routine, RoutineMark)
        case appointment(Appointment)
        case day(PersonDayFigures)
    }

    public let instant: Date
    public let day: LocalDate
    /// Orders events at the same instant, and names one in a cursor.
    public let key: String
    public let what: What
}

/// Where a merged timeline page ends: an instant and the key of the last item shown (a
/// record's `r<id>`, an event's key). `<milliseconds>_<key>` in a URL; the records' own
/// `<milliseconds>_<id>` still reads.
public struct MergedCursor: Sendable, Equatable, CustomStringConvertible {
    public let instant: Date
    public let key: String

    public init(instant: Date, key: String) { (self.instant, self.key) = (instant, key) }

    public init?(_ text: String) {
        guard let split = text.firstIndex(of: "_"), let milliseconds = Int64(text[..<split]) else { return nil }
        let rest = String(text[text.index(after: split)...])
        // Empty: the page begins below a window's floor.
        guard rest.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return nil }
        self.init(instant: Date(timeIntervalSince1970: Double(milliseconds) / 1000), key: Int64(rest) != nil ? SubjectTimeline.recordKey(Int64(rest)!) : rest)
    }

    public var description: String { "\(Int64((instant.timeIntervalSince1970 * 1000).rounded()))_\(key)" }

    /// Newest first: a later instant, then a greater key, comes first.
    public static func isBefore(_ a: (Date, String), _ b: (Date, String)) -> Bool { a.0 != b.0 ? a.0 > b.0 : a.1 > b.1 }
}

/// One page of a subject's timeline with its records and everything else merged in time
/// order: a keyset over two streams. Records are read by their index as ever; the events are
/// read for the instants the page's records span (or, when the records run out, a window of
/// at most `window` days), so a page costs the same at any depth.
public enum SubjectTimeline {
    public enum Item: Sendable {
        case record(StoredEntry)
        case event(TimelineEvent)

        public var instant: Date {
            switch self {
            case .record(let entry): entry.occurredAt
            case .event(let event): event.instant
            }
        }

        public var key: String {
            switch self {
            case .record(let entry): SubjectTimeline.recordKey(entry.id)
            case .event(let event): event.key
            }
        }
    }

    /// How far back one page looks for events when the records have run out.
    public static let window = 62

    /// "r" and the id in twelve digits, so keys compare as the ids do (String(format:) cost
    /// more than the rest of the sort).
    static func recordKey(_ id: Int64) -> String {
        let digits = String(id)
        return "r" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }

    /// As `page` below, in one read.
    public static func read(
        _ database: AppDatabase, subjectID: Int64, isPerson: Bool, access: SubjectAccess, filter: TimelineFilter, before: MergedCursor?, limit: Int,
        timeZone: TimeZone, now: Date
    ) throws -> (items: [Item], older: MergedCursor?) {
        try database.snapshot { snapshot in
            try page(
                subjectID: subjectID, isPerson: isPerson, access: access, filter: filter, before: before, limit: limit, timeZone: timeZone, now: now, snapshot)
        }
    }

    /// A page of at most `limit` items older than `before`, and the cursor of the next page
    /// (nil: nothing older). `filter.kinds` set: records only, as before.
    public static func page(
        subjectID: Int64, isPerson: Bool, access: SubjectAccess, filter: TimelineFilter, before: MergedCursor?, limit: Int, timeZone: TimeZone, now: Date,
        _ snapshot: Snapshot
    ) throws -> (items: [Item], older: MergedCursor?) {
        let db = snapshot.db
        var recordFilter = filter
        // Records at the cursor's instant are read too, and cut by key below.
        recordFilter.before = before.map { TimelineCursor(occurredAt: $0.instant.addingTimeInterval(0.001), id: 0) }
        var records = try EntryRepository.timeline(subjectID: subjectID, recordFilter, limit: limit + 8, db).filter { entry in
            before.map { MergedCursor.isBefore(($0.instant, $0.key), (entry.occurredAt, recordKey(entry.id))) } ?? true
        }
        // The first page reaches up to now, or to a record dated later (a walk typed ahead).
        let top = before?.instant ?? max(now, records.first?.occurredAt ?? now)
        let moreRecords = records.count > limit
        records = Array(records.prefix(limit + 1))
        guard filter.kinds.isEmpty else {
            let items = records.prefix(limit).map(Item.record)
            return (Array(items), moreRecords ? items.last.map { MergedCursor(instant: $0.instant, key: $0.key) } : nil)
        }
        // The instants this page can cover: down to its records' last, or a window.
        // Only when the records run out does the window need the start of everything.
        let earliest = moreRecords ? nil : try earliestAnything(subjectID: subjectID, db)
        var floor = moreRecords ? records[limit].occurredAt : top.addingTimeInterval(-Double(window) * 86400)
        if let earliest, floor < earliest { floor = earliest }
        if let from = filter.from { floor = max(floor, from.midnight(in: timeZone)) }
        // The cursor's own instant is read too (an event may tie with the record shown last).
        var ceiling = top.addingTimeInterval(0.001)
        if let to = filter.to { ceiling = min(ceiling, to.adding(days: 1).midnight(in: timeZone)) }
        let events = try self.events(subjectID: subjectID, isPerson: isPerson, access: access, from: floor, to: ceiling, timeZone: timeZone, now: now, snapshot)
            .filter { event in
                before.map { MergedCursor.isBefore(($0.instant, $0.key), (event.instant, event.key)) } ?? true
            }
        // Records below the floor wait for the page that reads events there.
        // Each item's instant and key worked out once, not at every comparison.
        let keyed = (records.filter { $0.occurredAt >= floor }.map(Item.record) + events.map(Item.event))
            .map { (item: $0, at: ($0.instant, $0.key)) }
            .sorted { MergedCursor.isBefore($0.at, $1.at) }
        let items = keyed.map(\.item)
        if keyed.count > limit {
            let last = keyed[limit - 1].at
            return (Array(items.prefix(limit)), MergedCursor(instant: last.0, key: last.1))
        }
        // Fewer than a page: older ones, if any, begin below the floor.
        let older = earliest.map { floor > $0 } ?? false || moreRecords
        return (items, older ? MergedCursor(instant: floor, key: "") : nil)
    }

    /// The first moment anything of this subject happened: a record, a regimen's start, a
    /// routine's mark, an appointment, a person's day.
    static func earliestAnything(subjectID: Int64, _ db: Database) throws -> Date? {
        let text = try String.fetchOne(
            db,
            sql: """
                SELECT min(d) FROM (
                    SELECT * FROM (SELECT local_date AS d FROM entry WHERE subject_id = :s AND deleted_at IS NULL ORDER BY occurred_at LIMIT 1)
                    UNION ALL SELECT min(c.start_date) FROM regimen_schedule c JOIN regimen r ON r.id = c.regimen_id WHERE r.subject_id = :s
                    UNION ALL SELECT min(coalesce(k.done_date, k.due_date)) FROM routine_mark k JOIN routine r ON r.id = k.routine_id WHERE r.subject_id = :s
                    UNION ALL SELECT min(local_date) FROM appointment WHERE subject_id = :s AND deleted_at IS NULL
                    UNION ALL SELECT min(local_date) FROM daily_value WHERE subject_id = :s)
                """, arguments: ["s": subjectID])
        // A day's start in the widest zone: never later than that day anywhere.
        return text.flatMap(LocalDate.init).map { $0.midnight(in: TimeZone(secondsFromGMT: 14 * 3600)!) }
    }

    /// The events of one subject from `from` (inclusive) to `to` (exclusive), in no order.
    static func events(
        subjectID: Int64, isPerson: Bool, access: SubjectAccess, from: Date, to: Date, timeZone: TimeZone, now: Date, _ snapshot: Snapshot
    ) throws
        -> [TimelineEvent]
    {
        guard from < to else { return [] }
        let db = snapshot.db
        let today = LocalDate(now, in: timeZone)
        let firstDay = LocalDate(from, in: timeZone)
        let lastDay = LocalDate(to, in: timeZone)
        var events: [TimelineEvent] = []
        func add(_ instant: Date, _ key: String, _ what: TimelineEvent.What) {
            guard instant >= from && instant < to else { return }
            events.append(TimelineEvent(instant: instant, day: LocalDate(instant, in: timeZone), key: key, what: what))
        }
        // The regimens as kept between writes; their doses worked out for these days only.
        for entry in try RegimenRepository.doses(
            access: access, subjectID: subjectID, from: firstDay, to: lastDay, in: timeZone, cache: snapshot.regimens, db)
        {
            for slot in entry.slots where entry.regimen.couldBeGiven(slot, in: timeZone) {
                let state = slot.state(at: now)
                guard [.given, .skipped, .missed].contains(state) else { continue }
                add(slot.logged?.givenAt ?? slot.instant, "d\(entry.regimen.id)-\(slot.day)-\(slot.time)", .dose(entry.regimen, slot))
            }
        }
        // The kept routines hold the last 400 days' marks; an older page reads its own.
        let routines =
            firstDay >= today.adding(days: -RoutineRepository.memory)
            ? try RoutineRepository.routines(access: access, subjectID: subjectID, today: today, in: snapshot)
            : try RoutineRepository.routines(access: access, subjectID: subjectID, today: today, marksFrom: firstDay, db)
        for routine in routines {
            for mark in routine.marks {
                add(mark.doneAt ?? mark.due.noon(in: timeZone), "m\(routine.id)-\(mark.due)", .routine(routine, mark))
            }
        }
        for appointment in try AppointmentRepository.appointments(
            access: access, from: firstDay, to: lastDay, subjectID: subjectID, subjects: { try SubjectRepository.subjects(access: access, in: snapshot) }, db)
        {
            add(appointment.input.startsAt, "a\(appointment.id)", .appointment(appointment))
        }
        // A person's days (a pet has none: no read for them).
        for (day, figures) in isPerson ? try CalendarRepository.figures(subjectID: subjectID, from: firstDay, to: lastDay, db) : [] {
            guard let date = LocalDate(day), figures.waterML > 0 || (figures.steps ?? 0) > 0 else { continue }
            // At the day's end: the day's totals head it (today's: now).
            // Whole seconds: a cursor keeps milliseconds, and today's must read back as itself.
            let end = min(
                date.adding(days: 1).midnight(in: timeZone).addingTimeInterval(-1), Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
            add(end, "w\(day)", .day(figures))
        }
        return events
    }
}
