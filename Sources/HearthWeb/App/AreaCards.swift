import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// What one area shows on pages that are not its own: on a pet's or a person's page (Health:
/// care and feeding; Medicines: the medicines card), on the home page (each area its part of
/// today) and in a subject's report (each area its sections). The shared page asks every area
/// (`Area.cards`) and names none of them.
protocol AreaCards: SendableMetatype {
    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws
    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws
    /// Its cards on the home page, read from the page's one snapshot.
    static func home(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard]
    /// Its sections of a subject's report, read from the report's one snapshot.
    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection]
    /// Its section of a calendar day's page (`/calendar/yyyy-mm-dd`), from the marks the month
    /// shows for that day: what the month marks, the day lists.
    static func calendarDay(_ shown: ShownDay) throws -> [DaySection]
}

extension AreaCards {
    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {}
    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws {}
    static func home(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] { [] }
    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] { [] }
    static func calendarDay(_ shown: ShownDay) throws -> [DaySection] { [] }
}

/// The places a subject's page has for other areas' cards.
struct SubjectCardSlots {
    var care = HTML.empty
    var medicines = HTML.empty
    var routines = HTML.empty
    var appointments = HTML.empty
    var feeding = HTML.empty
    var feedingForm = HTML.empty
}

/// A subject's page as the cards see it: whose, for whom, and when.
struct ShownSubject {
    let id: Int64
    let database: AppDatabase
    let context: AppRequestContext
    let format: Formatting
    let now: Date
    /// Where a form on a card returns to (`/pets/1#medicines`).
    let back: String
}

/// A pet's page: the subject, and what the page read of the pet in its one snapshot.
struct ShownPet {
    let subject: ShownSubject
    let overview: PetOverview
    /// Whether the member may change this pet (a recorder, and the pet not archived).
    let mayChange: Bool
}

/// The home page as its cards see it: for whom, and when.
struct ShownHome {
    let context: AppRequestContext
    let format: Formatting
    let now: Date
    let today: LocalDate
    /// The subjects the member may see: people first, then pets, each by name.
    let subjects: [SubjectSummary]
    let canRecord: Bool
}

/// A calendar day's page as its sections see it: the day, its marks, for whom, and when.
struct ShownDay {
    let day: LocalDate
    /// What the month's cell for the day shows (read for the member's subjects).
    let marks: DayMarks
    let database: AppDatabase
    let context: AppRequestContext
    let format: Formatting
    let now: Date
}

/// One area's section of a calendar day: a heading, its list (`<li>`s) and where to read more.
struct DaySection: PagePart {
    let rank: Int
    let heading: String
    /// The card's class beside `card` (`care-due`), and its list's (`dose-list`).
    var cardClass: String? = nil
    let listClass: String
    let items: HTML
    var link: Link? = nil

    struct Link: PagePart {
        let href: String
        let label: String

        func child(named name: String) -> Any? {
            switch name {
            case "href": href
            case "label": label
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "cardClass": cardClass ?? false
        case "listClass": listClass
        case "items": items
        case "link": link ?? false
        default: nil
        }
    }
}

/// One card on the home page: where it stands among the others, and what it shows (a page
/// model, so its template is checked when the server starts; the home page draws it with
/// `{{>*template}}`).
struct HomeCard: PagePart {
    let rank: Int
    let model: any Page

    func child(named name: String) -> Any? {
        name == "template" ? type(of: model).template : model.child(named: name)
    }
}

extension Areas {
    /// Every area's cards, in the order of `all`.
    static let cards: [any AreaCards.Type] = all.compactMap { $0.cards }

    /// Every area's home cards, in their ranks' order.
    static func homeCards(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] {
        try cards.flatMap { try $0.home(shown, snapshot) }.sorted { $0.rank < $1.rank }
    }

    /// Every area's sections of a calendar day, in their ranks' order.
    static func daySections(_ shown: ShownDay) throws -> [DaySection] {
        try cards.flatMap { try $0.calendarDay(shown) }.sorted { $0.rank < $1.rank }
    }

    /// Every area's sections of a subject's report, in their ranks' order.
    static func reportSections(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        try cards.flatMap { try $0.report(shown, snapshot) }.sorted { $0.rank < $1.rank }
    }

    static func petCards(_ shown: ShownPet) throws -> SubjectCardSlots {
        var slots = SubjectCardSlots()
        for area in cards { try area.pet(shown, into: &slots) }
        return slots
    }

    static func personCards(_ shown: ShownSubject) throws -> SubjectCardSlots {
        var slots = SubjectCardSlots()
        for area in cards { try area.person(shown, into: &slots) }
        return slots
    }
}
