import Foundation
import HearthCore
import HearthStore

/// The demo's appointments, for the first pet: a check-up at the regular clinic in three days,
/// and a grooming yesterday that asks how it went.
enum AppointmentsDemo: DemoStep {
    static let rank = 55

    static func seed(_ demo: DemoContext) async throws {
        let pets = try await SubjectRepository(demo.database).subjects(access: .everyone).filter { $0.kind == .pet }
        guard let pet = pets.first, let owner = demo.owner.id else { return }
        let appointments = AppointmentRepository(demo.database)
        for (days, kind, minutes, note) in [(3, AppointmentKind.checkup, 600, "Yearly check-up"), (-1, .grooming, 840, "Bath and trim")] {
            let date = demo.today.adding(days: days)
            _ = try await appointments.create(
                AppointmentInput(
                    subjectID: pet.id, kind: kind, date: date, minutes: minutes, startsAt: WallClock.instant(date, minutes: minutes, in: demo.timeZone),
                    clinicID: kind == .checkup ? demo.clinics.regular : nil, place: kind == .grooming ? "Fluffy Salon" : nil, note: note),
                by: owner, now: demo.now)
        }
        demo.log("2 appointments")
    }
}
