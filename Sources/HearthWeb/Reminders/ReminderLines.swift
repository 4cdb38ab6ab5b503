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
    /// Minutes after its time an unmarked dose is told to the other members (0: never).
    var escalateMinutes: Int = 0
    let database: AppDatabase

    /// The lines of something due at `instant` and still unanswered, once the time has come and
    /// within `DoseSlot.window` of it: the first round, and the second after `againMinutes` —
    /// not for a time that had passed before the thing was made (`firstOnly`): a regimen saved at
    /// 10:42 with a 09:00 dose once sent its first reminder, the second and the others told at once.
    func due(at instant: Date, _ text: String, link: String, dose: DoseKey? = nil, firstOnly: Bool = false) -> [ReminderLine] {
        guard now >= instant, now < instant.addingTimeInterval(DoseSlot.window) else { return [] }
        var lines = [ReminderLine(dueAt: instant, round: 0, text: text, link: link, dose: dose)]
        if !firstOnly, againMinutes > 0, now >= instant.addingTimeInterval(Double(againMinutes) * 60) {
            lines.append(ReminderLine(dueAt: instant, round: 1, text: text, link: link, dose: dose))
        }
        return lines
    }

    /// The one line telling this member that someone else's dose is still unmarked
    /// `escalateMinutes` after its time ("할머니 08:00 혈압약 — 아직 기록되지 않았어요"): to every
    /// member who may see the subject but the subject themselves, once, and not once it is marked.
    func escalation(at instant: Date, subjectID: Int64, what: String, link: String, dose: DoseKey) -> [ReminderLine] {
        guard escalateMinutes > 0, recipient.me != subjectID, now >= instant.addingTimeInterval(Double(escalateMinutes) * 60),
            now < instant.addingTimeInterval(DoseSlot.window)
        else { return [] }
        // Whom to ask: who had the reminder, and who put it off.
        let told = try? ReminderRepository(database).told(dose: dose, dueAt: instant)
        let named =
            [("push.escalation_reminded", told?.reminded ?? []), ("push.escalation_snoozed", told?.snoozed ?? [])]
            .filter { !$0.1.isEmpty }.map { format.t($0.0, ["names": $0.1.joined(separator: ", ")]) }
        let text = format.t("push.escalation_line", ["what": what]) + (named.isEmpty ? "" : " (\(named.joined(separator: "; ")))")
        return [ReminderLine(dueAt: instant, round: ReminderMessage.escalation, text: text, link: link, dose: dose)]
    }
}

/// One line of a reminder ("Mochi: Heart pills"): the time it is for and its round (0 when
/// due, 1 the reminder again, 2 the other members told). A dose's line is a message of its own,
/// which opens its `link` and takes the answer; the other lines of one time and round make one message.
struct ReminderLine: Sendable, Equatable {
    let dueAt: Date
    let round: Int
    let text: String
    /// The page a tap opens.
    var link: String = "/"
    var dose: DoseKey? = nil
}
