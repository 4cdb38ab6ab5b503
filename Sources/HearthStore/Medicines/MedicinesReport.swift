import Foundation
import HearthCore

/// What a report says of a subject's medicines: each regimen with doses in the span, how many
/// were given of those due, and the ones missed or skipped.
public struct MedicinesReport: Sendable {
    public struct Line: Sendable {
        public let regimen: Regimen
        public let adherence: Adherence
        public let missed: [DoseSlot]
        /// Marks in the span that were taken back and marked again (the history says how).
        public let changed: Int
        /// An as-needed regimen's doses given in the span, each at its moment.
        public let uses: [DoseSlot]
        /// The next dose from the moment the report is read (nil: ended, as needed, or after it is done).
        public let next: NextDose?
    }

    /// The next dose of a regimen: its day and minute (where a one-day change moved it), and
    /// whether its time has come ("지금").
    public struct NextDose: Sendable, Equatable {
        public let day: LocalDate
        public let minutes: Int
        public let dueNow: Bool
    }

    public var regimens: [Line] = []
    /// The catalogue's entries for the items picked from it, by id: the product a doctor reads.
    public var catalogue: [Int64: Medicine] = [:]
    /// What the DUR lists say of a person's medicines at the report's end (or today, if sooner).
    public var interactions = InteractionCheck()

    public static func read(_ report: SubjectReport, in snapshot: Snapshot) throws -> MedicinesReport {
        var medicines = MedicinesReport()
        let doses = try RegimenRepository.doses(
            access: report.access, subjectID: report.subject.id, from: report.from, to: report.to, in: report.timeZone, snapshot: snapshot)
        // The doses from yesterday (one due just before midnight is due now) to a week on, as the
        // dose list has them: the next one is read from these, whatever month the report is of.
        let coming = try Self.coming(access: report.access, subjectID: report.subject.id, now: report.now, in: report.timeZone, snapshot: snapshot)
        for entry in doses {
            let adherence = Adherence.of(entry.slots, now: report.now)
            // Every regimen in force in the span is listed, one taken as needed and not used in it too
            // (a doctor weighing tramadol's elderly caution must see it).
            let inForce = !entry.regimen.deleted && entry.regimen.spans(from: report.from, to: report.to)
            guard adherence.due > 0 || !entry.slots.isEmpty || inForce else { continue }
            let missed = Adherence.due(entry.slots, now: report.now).filter { $0.logged?.status != .given }
            let changed = entry.slots.count { $0.logged?.changed == true }
            let uses = entry.slots.filter { $0.asNeeded && $0.logged?.status == .given }
            let next = next(entry.regimen, coming: coming[entry.regimen.id] ?? [], now: report.now, in: report.timeZone)
            medicines.regimens.append(Line(regimen: entry.regimen, adherence: adherence, missed: missed, changed: changed, uses: uses, next: next))
        }
        let picked = Set(medicines.regimens.flatMap { $0.regimen.items(from: report.from, to: report.to).compactMap(\.input.medicineID) })
        medicines.catalogue = try MedicineRepository.medicines(ids: picked, snapshot.db)
        if report.subject.kind == .person {
            medicines.interactions = try InteractionRepository.check(personID: report.subject.id, today: min(report.to, report.today), typed: nil, snapshot.db)
        }
        return medicines
    }

    /// Days ahead whose doses are read as the dose list has them (moves, marks and skips).
    static let nextWithin = 8

    /// A subject's doses from yesterday (one due just before midnight is due now) to `nextWithin`
    /// days on, as the dose list has them, by regimen: what `next` reads, for the report and the MAR.
    static func coming(access: SubjectAccess, subjectID: Int64, now: Date, in timeZone: TimeZone, snapshot: Snapshot) throws -> [Int64: [DoseSlot]] {
        let today = LocalDate(now, in: timeZone)
        return Dictionary(
            grouping: try RegimenRepository.doses(
                access: access, subjectID: subjectID, from: today.adding(days: -1), to: today.adding(days: nextWithin), in: timeZone, snapshot: snapshot
            ).flatMap(\.slots), by: \.regimenID)
    }

    /// The regimen's next dose (`DoseSlot.next`) among its `coming` doses; for a schedule sparser
    /// than that (a monthly pill), the schedule's first dose after them.
    static func next(_ regimen: Regimen, coming: [DoseSlot], now: Date, in timeZone: TimeZone) -> NextDose? {
        let today = LocalDate(now, in: timeZone)
        guard !regimen.hasEnded(by: today) else { return nil }
        if let slot = DoseSlot.next(in: coming, now: now) { return NextDose(day: slot.day, minutes: slot.minutes, dueNow: slot.state(at: now) == .dueNow) }
        let schedule = regimen.schedule
        guard !schedule.isAsNeeded, let day = schedule.firstDay(from: today.adding(days: nextWithin + 1)),
            let first = schedule.occurrences(from: day, to: day, in: timeZone).first
        else { return nil }
        return NextDose(day: first.day, minutes: first.time, dueNow: false)
    }
}
