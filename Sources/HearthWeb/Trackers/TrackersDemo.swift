import Foundation
import HearthCore
import HearthStore

/// The demo's trackers: the ready-made blood pressure, with the last household member's home
/// readings of the week before today, morning and evening (today is left for the visitor); and
/// a cat's glucose curve against its insulin.
enum TrackersDemo: DemoStep {
    static let rank = 65

    static func seed(_ demo: DemoContext) async throws {
        let people = try await SubjectRepository(demo.database).subjects(access: .everyone).filter { $0.kind == .person }
        guard let person = people.last else { return }
        let tracker = ReadyMadeTracker.bloodPressure.tracker { englishWords[$0] ?? $0 }
        let id = try await TrackerRepository(demo.database).create(tracker, readyMade: ReadyMadeTracker.bloodPressure.rawValue, now: demo.now)
        var records: [(RecordInput, [PhotoRecord])] = []
        for days in 1...7 {
            let day = demo.today.adding(days: -days)
            for (minutes, when) in [(450, "c1"), (1260, "c2")] {
                let systolic = Double(122 + demo.random.next(upTo: 17)), diastolic = Double(76 + demo.random.next(upTo: 11))
                let values: [String: TrackerValue] = [
                    "f1": .number(systolic), "f2": .number(diastolic), "f3": .number(Double(62 + demo.random.next(upTo: 15))), "f4": .choice(when),
                ]
                let at = WallClock.instant(day, minutes: minutes, in: demo.timeZone)
                records.append((RecordInput(occurredAt: at, localDate: day, note: nil, details: .tracker(TrackerEntry(trackerID: id, values: values))), []))
            }
        }
        try await EntryRepository(demo.database).createMany(subjectID: person.id, records, createdBy: demo.owner.id, now: demo.now)
        demo.log("1 tracker, \(records.count) blood pressure readings")
        try await seedGlucose(demo)
    }

    /// The ready-made glucose tracker tied to the first cat's morning-and-evening regimen (the
    /// demo's insulin), with a curve on the last day its morning dose was given: a reading every
    /// two hours from the shot, lowest eight hours on.
    static func seedGlucose(_ demo: DemoContext) async throws {
        guard let cat = try await PetRepository(demo.database).pets(access: .everyone).first(where: { $0.profile.species == .cat }) else { return }
        let regimens = RegimenRepository(demo.database)
        guard let insulin = try regimens.regimens(access: .everyone, subjectID: cat.id).first(where: { $0.schedule.times.count == 2 }) else { return }
        var tracker = ReadyMadeTracker.glucose.tracker { englishWords[$0] ?? $0 }
        tracker.regimenID = insulin.id
        let id = try await TrackerRepository(demo.database).create(tracker, readyMade: ReadyMadeTracker.glucose.rawValue, now: demo.now)
        let given = try regimens.givenTimes(regimenID: insulin.id, since: demo.today.adding(days: -7).midnight(in: demo.timeZone))
        // The newest morning shot (before noon) of a day gone by.
        guard
            let shot = given.filter({ $0 < demo.today.midnight(in: demo.timeZone) && LocalTime.minutes($0, in: demo.timeZone) < 720 }).max()
        else { return }
        let curve: [Double] = [310, 262, 188, 131, 104, 149, 236]
        // The last reading is taken before the evening shot, closing the interval.
        let evening = given.filter { $0 > shot }.min() ?? shot.addingTimeInterval(13 * 3600)
        let records = curve.enumerated().map { step, value in
            let at = min(shot.addingTimeInterval(Double(step) * 7200 + 120), evening.addingTimeInterval(-300))
            // It ate its breakfast with the shot; the readings after skip the meal question.
            let values: [String: TrackerValue] = step == 0 ? ["f1": .number(value), "f3": .choice("c1")] : ["f1": .number(value)]
            return (
                RecordInput(
                    occurredAt: at, localDate: LocalDate(at, in: demo.timeZone), note: nil, details: .tracker(TrackerEntry(trackerID: id, values: values))),
                [PhotoRecord]()
            )
        }
        try await EntryRepository(demo.database).createMany(subjectID: cat.id, records, createdBy: demo.owner.id, now: demo.now)
        demo.log("1 tracker, a glucose curve of \(records.count) readings")
    }

    /// The demo household's words (its names and notes are English; the pages say them as typed).
    static let englishWords = [
        "blood_pressure.name": "Blood pressure", "blood_pressure.systolic": "Systolic", "blood_pressure.diastolic": "Diastolic",
        "blood_pressure.pulse": "Pulse", "blood_pressure.when": "When", "blood_pressure.morning": "Morning", "blood_pressure.evening": "Evening",
        "glucose.name": "Blood glucose", "glucose.reading": "Glucose", "glucose.insulin": "Insulin", "glucose.meal": "Ate", "glucose.meal_all": "All",
        "glucose.meal_some": "Some", "glucose.meal_none": "Nothing", "note": "Note",
    ]
}
