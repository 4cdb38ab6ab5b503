import Foundation
import HearthCore

/// A subject's medication administration record (MAR) over some days, as care homes and
/// visiting nurses keep it: a row per regimen and dose time (one row for an as-needed one),
/// a cell per day saying what became of that dose. Read from the same dose log as the pages
/// and the report, so its figures are theirs.
public struct MedicationChart: Sendable {
    public enum Cell: Sendable, Equatable {
        /// Given, by whom (nil: a member since removed), and whether the mark was changed since.
        case given(by: String?, changed: Bool)
        /// Skipped on purpose, with the reason when one was given.
        case skipped(reason: String?)
        /// Its time and window passed and nobody marked it.
        case missed
        /// Its time has come and it is still inside its window.
        case dueNow
        /// Still to come.
        case later
        /// As needed: how many were given that day.
        case uses(Int)
    }

    public struct Row: Sendable {
        public let regimen: Regimen
        /// The scheduled minute; nil for an as-needed regimen's one row.
        public let time: Int?
        /// The days with a dose; a day absent had none due ("not due").
        public let cells: [LocalDate: Cell]
    }

    public let from: LocalDate
    public let to: LocalDate
    public let rows: [Row]
    /// The catalogue's entries for the items picked from it, by id.
    public let catalogue: [Int64: Medicine]
    /// Each regimen's next dose from now (`MedicinesReport.next`: the report's, the API's), by id.
    public var next: [Int64: MedicinesReport.NextDose] = [:]

    public var days: [LocalDate] { stride(from: 0, through: to.daysSince1970 - from.daysSince1970, by: 1).map { from.adding(days: $0) } }

    public static func read(
        subjectID: Int64, from: LocalDate, to: LocalDate, access: SubjectAccess, now: Date, timeZone: TimeZone, in snapshot: Snapshot
    ) throws -> MedicationChart {
        var rows: [Row] = []
        let doses = try RegimenRepository.doses(access: access, subjectID: subjectID, from: from, to: to, in: timeZone, snapshot: snapshot)
        for entry in doses where !entry.slots.isEmpty {
            let regimen = entry.regimen
            if case .asNeeded = regimen.schedule.repeatRule {
                let given = entry.slots.filter { $0.logged?.status == .given }
                let counts = Dictionary(grouping: given, by: \.day).mapValues { Cell.uses($0.count) }
                rows.append(Row(regimen: regimen, time: nil, cells: counts))
                continue
            }
            let slots = entry.slots.filter { !$0.asNeeded && regimen.couldBeGiven($0, in: timeZone) }
            for time in Set(slots.map(\.time)).sorted() {
                var cells: [LocalDate: Cell] = [:]
                for slot in slots where slot.time == time { cells[slot.day] = cell(slot, now: now) }
                rows.append(Row(regimen: regimen, time: time, cells: cells))
            }
            // Given at a time the schedule no longer has (or between its doses): counted on a row of its own.
            let extra = entry.slots.filter { $0.asNeeded && $0.logged?.status == .given }
            if !extra.isEmpty { rows.append(Row(regimen: regimen, time: nil, cells: Dictionary(grouping: extra, by: \.day).mapValues { Cell.uses($0.count) })) }
        }
        let catalogue = try MedicineRepository.medicines(ids: Set(rows.flatMap { $0.regimen.items.compactMap(\.input.medicineID) }), snapshot.db)
        let coming = try MedicinesReport.coming(access: access, subjectID: subjectID, now: now, in: timeZone, snapshot: snapshot)
        var next: [Int64: MedicinesReport.NextDose] = [:]
        for row in rows where next[row.regimen.id] == nil {
            next[row.regimen.id] = MedicinesReport.next(row.regimen, coming: coming[row.regimen.id] ?? [], now: now, in: timeZone)
        }
        return MedicationChart(from: from, to: to, rows: rows, catalogue: catalogue, next: next)
    }

    static func cell(_ slot: DoseSlot, now: Date) -> Cell {
        switch slot.state(at: now) {
        case .given: .given(by: slot.logged?.by, changed: slot.logged?.changed == true)
        case .skipped: .skipped(reason: slot.logged?.reason ?? slot.change?.reason)
        case .missed: .missed
        case .dueNow: .dueNow
        case .later: .later
        }
    }
}
