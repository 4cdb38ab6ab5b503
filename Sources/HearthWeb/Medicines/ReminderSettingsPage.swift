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
    let lastDelivery: HTML?
    /// This page's own address, suggested for Hearth's address (not saved until the owner saves it).
    let here: String

    func child(named name: String) -> Any? {
        switch name {
        case "fields": fields
        case "saved": saved
        case "lastDelivery": lastDelivery ?? false
        case "here": here
        default: problems.child(named: name)
        }
    }
}
