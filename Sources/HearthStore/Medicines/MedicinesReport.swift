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
    }

    public var regimens: [Line] = []
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
            medicines.regimens.append(Line(regimen: entry.regimen, adherence: adherence, missed: missed, changed: changed, uses: uses))
        }
        if report.subject.kind == .person {
            medicines.interactions = try InteractionRepository.check(personID: report.subject.id, today: min(report.to, report.today), typed: nil, snapshot.db)
        }
        return medicines
    }
}
