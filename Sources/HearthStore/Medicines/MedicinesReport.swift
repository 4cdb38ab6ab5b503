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
        public let next: CareSchedule.Occurrence?
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
        for entry in doses {
            let adherence = Adherence.of(entry.slots, now: report.now)
            guard adherence.due > 0 || !entry.slots.isEmpty else { continue }
            let missed = Adherence.due(entry.slots, now: report.now).filter { $0.logged?.status != .given }
            let changed = entry.slots.count { $0.logged?.changed == true }
            let uses = entry.slots.filter { $0.asNeeded && $0.logged?.status == .given }
            let next = next(entry.regimen, now: report.now, in: report.timeZone)
            medicines.regimens.append(Line(regimen: entry.regimen, adherence: adherence, missed: missed, changed: changed, uses: uses, next: next))
        }
        let picked = Set(medicines.regimens.flatMap { $0.regimen.items(from: report.from, to: report.to).compactMap(\.input.medicineID) })
        medicines.catalogue = try MedicineRepository.medicines(ids: picked, snapshot.db)
        if report.subject.kind == .person {
            medicines.interactions = try InteractionRepository.check(personID: report.subject.id, today: min(report.to, report.today), typed: nil, snapshot.db)
        }
        return medicines
    }

    /// The first dose the schedule places after `now` (today's later ones, else its next day's first).
    static func next(_ regimen: Regimen, now: Date, in timeZone: TimeZone) -> CareSchedule.Occurrence? {
        let today = LocalDate(now, in: timeZone)
        let schedule = regimen.schedule
        guard !regimen.hasEnded(by: today), var day = schedule.firstDay(from: today) else { return nil }
        for _ in 0..<2 {
            if let first = schedule.occurrences(from: day, to: day, in: timeZone).first(where: { $0.instant > now }) { return first }
            guard let following = schedule.firstDay(from: day.adding(days: 1)) else { return nil }
            day = following
        }
        return nil
    }
}
