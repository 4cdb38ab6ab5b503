import HearthHTML

/// `/reminders/answer/{token}`: what a reminder's button did, or the one button a tap on a
/// reminder opens to (iOS shows a notification's buttons nowhere).
struct ReminderAnswerPage: Page {
    static let template = "medicines/reminder-answer"
    /// The dose: "08:00 — 할머니: 혈압약 — 암로디핀 1정".
    let dose: String?
    let message: String
    /// `done`, `refused` or `ask` (the button is shown).
    let state: String
    let action: String?
    let button: String?
    /// Where to see the day's doses (a signed-in member).
    let doses: String?

    func child(named name: String) -> Any? {
        switch name {
        case "dose": dose ?? false
        case "message": message
        case "refused": state == "refused"
        case "action": action ?? false
        case "button": button ?? ""
        case "doses": doses ?? false
        default: nil
        }
    }
}
