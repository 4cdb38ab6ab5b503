import Foundation
import HearthCore
import HearthStore

/// The demo's tracker: the ready-made blood pressure, with the last household member's home
/// readings of the week before today, morning and evening (today is left for the visitor).
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
    }

    /// The demo household's words (its names and notes are English; the pages say them as typed).
    static let englishWords = [
        "blood_pressure.name": "Blood pressure", "blood_pressure.systolic": "Systolic", "blood_pressure.diastolic": "Diastolic",
        "blood_pressure.pulse": "Pulse", "blood_pressure.when": "When", "blood_pressure.morning": "Morning", "blood_pressure.evening": "Evening",
    ]
}
