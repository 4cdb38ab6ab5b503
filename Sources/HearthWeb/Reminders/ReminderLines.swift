import Foundation
import HearthCore
import HearthStore

/// One member's reminder round as the areas see it (`AreaCards.reminders`): for whom, when, in
/// the household's zone and words, and after how long an unanswered one is sent again.
struct ShownReminders {
    let recipient: ReminderRecipient
    let now: Date
    let today: LocalDate
    let zone: TimeZone
    let format: Formatting
    /// Minutes after its time an unanswered item is reminded of again (0: never).
    let againMinutes: Int
    let database: AppDatabase

    /// The lines of something due at `instant` and still unanswered, once the time has come and
    /// within `DoseSlot.window` of it: the first round, and the second after `againMinutes`.
    func due(at instant: Date, _ text: String) -> [ReminderLine] {
        guard now >= instant, now < instant.addingTimeInterval(DoseSlot.window) else { return [] }
        var lines = [ReminderLine(dueAt: instant, round: 0, text: text)]
        if againMinutes > 0, now >= instant.addingTimeInterval(Double(againMinutes) * 60) { lines.append(ReminderLine(dueAt: instant, round: 1, text: text)) }
        return lines
    }
}

/// One line of a reminder ("Mochi: Heart pills"): the time it is for and its round (0 when
/// due, 1 the reminder again). Lines of one time and round make one message.
struct ReminderLine: Sendable, Equatable {
    let dueAt: Date
    let round: Int
    let text: String
}
