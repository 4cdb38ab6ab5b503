import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/settings/reminders`: where the household's reminders go.
struct ReminderSettingsPage: Page {
    static let template = "household/reminders"
    let fields: FormFields
    let problems: FormProblems
    let saved: Bool
    let lastDelivery: String?

    func child(named name: String) -> Any? {
        switch name {
        case "fields": fields
        case "saved": saved
        case "lastDelivery": lastDelivery ?? false
        default: problems.child(named: name)
        }
    }
}
