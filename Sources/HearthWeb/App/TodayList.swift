import Foundation
import HearthHTML

/// Home's one list of what needs doing now and soon, across areas: each area adds its rows
/// (`AreaCards.today`: doses, routines, appointments, care due) and home shows the most urgent
/// first, each urgency in time order, cut at a few with the rest on `/today`.
struct TodayList {
    enum Urgency: Int, Comparable, Sendable {
        /// Its time has passed and nobody marked it: a dose missed today, or last night.
        case late
        /// Due now.
        case now
        /// Due within the hour: the 08:00 insulin at 07:30 comes before a week-old chore.
        case nextHour
        /// Due on an earlier day and not done: a routine or a vaccination overdue.
        case overdue
        /// Later today, or in the days ahead.
        case soon

        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

        /// Something due at `at` today and not done: now once its time has come, else by how soon.
        static func dueAt(_ at: Date, now: Date) -> Self { at <= now ? .now : at <= now.addingTimeInterval(3600) ? .nextHour : .soon }
    }

    struct Item {
        let urgency: Urgency
        let at: Date
        /// Its `<li>`, drawn by its area when it is shown: home shows three of dozens.
        let html: () -> HTML
    }

    /// What is counted, not listed, under the list ("어제 놓친 복용 3회").
    struct Note: PagePart {
        let text: String
        let href: String

        func child(named name: String) -> Any? {
            switch name {
            case "text": text
            case "href": href
            default: nil
            }
        }
    }

    private(set) var items: [Item] = []
    private(set) var notes: [Note] = []

    mutating func add(_ urgency: Urgency, at: Date, _ html: @escaping () -> HTML) {
        items.append(Item(urgency: urgency, at: at, html: html))
    }

    mutating func note(_ text: String, href: String) {
        notes.append(Note(text: text, href: href))
    }

    /// The most urgent first, each urgency in time order.
    var ordered: [Item] {
        items.sorted { ($0.urgency, $0.at) < ($1.urgency, $1.at) }
    }

    /// How many rows home shows before "N개 더": what fits on a phone's first screen with the header.
    static let onHome = 3
}
