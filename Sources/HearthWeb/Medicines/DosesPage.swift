import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/doses`: a day's doses.
struct DosesPage: Page {
    static let template = "doses/index"
    let day: String
    let isToday: Bool
    let previous: String
    let next: String
    let partURL: String
    let scheduled: HTML
    let asNeeded: HTML
    let message: String?
    let confirm: HTML?
    /// The day's doses given or skipped, folded under "done (N)".
    var done: HTML = .empty
    var doneSummary = ""

    func child(named name: String) -> Any? {
        switch name {
        case "day": day
        case "isToday": isToday
        case "previous": previous
        case "next": self.next
        case "partURL": partURL
        case "scheduled": scheduled
        case "hasScheduled": !scheduled.isEmpty || !done.isEmpty
        case "done": done
        case "hasDone": !done.isEmpty
        case "doneSummary": doneSummary
        case "asNeeded": asNeeded
        case "hasAsNeeded": !asNeeded.isEmpty
        case "message": message ?? false
        case "confirm": confirm ?? false
        default: nil
        }
    }
}
