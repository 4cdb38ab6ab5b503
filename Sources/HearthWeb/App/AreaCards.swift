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
    /// Its rows of home's list of what needs doing now and soon (`/today`), read from the same snapshot.
    static func today(_ shown: ShownHome, _ snapshot: Snapshot, into list: inout TodayList) throws
    /// What one of its quick logs on home just did, with its undo: home was sent back with the
    /// area's own word in the query (`?logged=`, `?dose=`); nil when it is not the area's.
    static func didOnHome(_ shown: ShownHome, _ snapshot: Snapshot) throws -> HTML?
    /// Its sections of a subject's report, read from the report's one snapshot.
    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection]
    /// Its section of a calendar day's page (`/calendar/yyyy-mm-dd`), from the marks the month
    /// shows for that day: what the month marks, the day lists.
    static func calendarDay(_ shown: ShownDay) throws -> [DaySection]
    /// Its dots on a calendar month's cells, added day by day: from the marks read for the
    /// month's cells, or read by the area itself.
    static func calendarMonth(_ shown: ShownMonth, into dots: inout MonthDots) throws
    /// What its dots mean, for the key under the month.
    static func calendarLegend(_ format: Formatting) -> [MonthDot]
    /// Its groups of `/search`'s results beside the records: what of its own the member may
    /// see whose words hold every word typed.
    static func search(_ shown: ShownSearch) throws -> [SearchGroup]
    /// Its events in a member's calendar feed (`/feeds/{token}.ics`).
    static func feed(_ shown: ShownFeed) throws -> [FeedPart]
    /// What of its own is due for a member now, as lines of their reminder (`ReminderScheduler`).
    static func reminders(_ shown: ShownReminders) throws -> [ReminderLine]
    /// Its charts on a subject's charts page, after the page's own (`/pets/{id}/charts?chart=`).
    static func charts(_ shown: ShownCharts) throws -> [AreaChart]
    /// Its kinds in the household's export (`/settings/export`, `hearth export records`): a CSV
    /// file each, and a key of the JSON document.
    static var exportKinds: [ExportKind] { get }
    /// Its part of the demo household (`hearth seed-demo`).
    static var demo: (any DemoStep.Type)? { get }
}

extension AreaCards {
    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {}
    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws {}
    static func home(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] { [] }
    static func today(_ shown: ShownHome, _ snapshot: Snapshot, into list: inout TodayList) throws {}
    static func didOnHome(_ shown: ShownHome, _ snapshot: Snapshot) throws -> HTML? { nil }
    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] { [] }
    static func calendarDay(_ shown: ShownDay) throws -> [DaySection] { [] }
    static func calendarMonth(_ shown: ShownMonth, into dots: inout MonthDots) throws {}
    static func calendarLegend(_ format: Formatting) -> [MonthDot] { [] }
    static func search(_ shown: ShownSearch) throws -> [SearchGroup] { [] }
    static func feed(_ shown: ShownFeed) throws -> [FeedPart] { [] }
    static func reminders(_ shown: ShownReminders) throws -> [ReminderLine] { [] }
    static func charts(_ shown: ShownCharts) throws -> [AreaChart] { [] }
    static var exportKinds: [ExportKind] { [] }
    static var demo: (any DemoStep.Type)? { nil }
}

/// What other areas show on a subject's page: a pet's care and feeding in their own places,
/// and every area's cards (`add`) in their ranks' order.
struct SubjectCardSlots {
    var care = HTML.empty
    var feeding = HTML.empty
    var feedingForm = HTML.empty
    private(set) var cards: [SubjectCard] = []

    mutating func add(_ card: SubjectCard) {
        cards.append(card)
        cards.sort { $0.rank < $1.rank }
    }
}

/// One area's card on a subject's page: its place among the others, its anchor (`#medicines`,
/// also its class), heading and contents.
struct SubjectCard: PagePart {
    let rank: Int
    let id: String
    let heading: String
    let html: HTML

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "heading": heading
        case "html": html
        default: nil
        }
    }
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
    /// The page's query: what a quick log that sent the member back here did (`didOnHome`).
    var query: [String: String] = [:]

    /// How many of a kind get a row on home: a family's all, a care home's hundred residents
    /// the first few and a link to the list (a row each made home 109 KB and 20 ms).
    static let rowsPerKind = 8

    /// The subjects of `kind` home gives a row (the member's own person always among them),
    /// and "N more — see all" to `list` for the rest.
    func rows(_ kind: SubjectSummary.Kind, list: Route) -> (subjects: [SubjectSummary], more: DaySection.Link?) {
        let all = subjects.filter { $0.kind == kind }
        guard all.count > Self.rowsPerKind else { return (all, nil) }
        var shown = Array(all.prefix(Self.rowsPerKind))
        if let me = context.member?.me, !shown.contains(where: { $0.id == me }), let mine = all.first(where: { $0.id == me }) {
            shown[shown.count - 1] = mine
        }
        let key = kind == .pet ? "home.more_pets" : "home.more_people"
        return (shown, DaySection.Link(href: list.pattern, label: format.t(key, ["n": format.number(Double(all.count - shown.count))])))
    }
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

/// A calendar month's cells as the areas' dots see them: the days shown, their marks, for whom.
struct ShownMonth {
    let from: LocalDate
    let to: LocalDate
    /// What the month's cells show (read once for the member's subjects and the filter).
    let marks: [LocalDate: DayMarks]
    /// The subjects the member may see, by id.
    let subjects: [Int64: SubjectSummary]
    let database: AppDatabase
    let context: AppRequestContext
    let format: Formatting

    /// Each day's dots, made from that day's marks.
    func dots(into dots: inout MonthDots, _ make: (DayMarks) -> [MonthDot]) {
        for (day, marks) in marks { dots.add(make(marks), on: day) }
    }
}

/// The dots of a month's cells, a list for each day shown (from the first cell on): each area
/// adds its own, and they are put in rank order once all have.
struct MonthDots {
    let from: LocalDate
    private var cells: [[MonthDot]]

    init(from: LocalDate, to: LocalDate) {
        self.from = from
        cells = Array(repeating: [], count: max(0, to.daysSince1970 - from.daysSince1970 + 1))
    }

    /// Adds `dots` to `day`'s cell (a day not shown is left out).
    mutating func add(_ dots: [MonthDot], on day: LocalDate) {
        let index = day.daysSince1970 - from.daysSince1970
        guard !dots.isEmpty, cells.indices.contains(index) else { return }
        cells[index] += dots
    }

    /// The dots of `day`'s cell.
    func on(_ day: LocalDate) -> [MonthDot] {
        let index = day.daysSince1970 - from.daysSince1970
        return cells.indices.contains(index) ? cells[index] : []
    }

    /// Each cell's dots by rank, those of one rank in the order they came (an area's own order);
    /// a cell already in order (most of a month's) is left as it is.
    mutating func putInRankOrder() {
        for index in cells.indices { cells[index] = AreaList.inRankOrder(cells[index]) }
    }
}

/// One dot in a calendar cell (or its key): where it stands among the cell's others, its
/// classes beside `dot`, and what it says (its title and part of the cell's label).
struct MonthDot: Sendable, Equatable {
    let rank: Int
    /// Class names only (markup the area wrote, not escaped again for each of a month's dots).
    let classes: HTML
    let label: String
}

/// A search as the areas' groups see it: the words typed, for whom, and when.
struct ShownSearch {
    let terms: [SearchTerm]
    /// The words as typed (for a link to the area's own search).
    let text: String
    let database: AppDatabase
    let context: AppRequestContext
    let format: Formatting
    let today: LocalDate

    /// Whether `words` hold every word typed.
    func matches(_ words: String...) -> Bool { SearchWords.all(terms, in: words.joined(separator: " ")) }
}

/// One group of search results: its place among the others, its heading, what it found
/// (linked), and where to see more of it.
struct SearchGroup {
    struct Item {
        let href: String
        let name: String
        let detail: String
    }

    let rank: Int
    let heading: String
    let items: [Item]
    var more: String? = nil
}

/// A member's calendar feed as the areas' events see it: what was read for the member (and
/// whom they may see), in the household's zone and words.
struct ShownFeed {
    let data: CalendarFeedData
    let database: AppDatabase
    let zone: TimeZone
    let now: Date
    let format: Formatting

    /// One area's events, written by `write`, at `rank` among the others.
    func part(_ rank: Int, _ write: (ShownFeed, inout ICalendarWriter) throws -> Void) rethrows -> [FeedPart] {
        var events = ICalendarWriter()
        try write(self, &events)
        return [FeedPart(rank: rank, events: events)]
    }
}

/// One area's events in a calendar feed, and their place among the others'.
struct FeedPart {
    let rank: Int
    let events: ICalendarWriter
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

/// The areas a server is built from (`Areas.all`, or those and a test's own), and the shared
/// pages' one way of asking them: a shared page is handed this list and never names an area.
struct AreaList: Sendable {
    let all: [any Area.Type]
    /// Every area's cards, in the order of `all`.
    let cards: [any AreaCards.Type]

    init(_ all: [any Area.Type]) {
        self.all = all
        cards = all.compactMap { $0.cards }
    }

    static let standard = AreaList(Areas.all)

    /// Every page model, whose templates must exist for the server to start.
    var pages: [any Page.Type] { [ErrorPage.self] + all.flatMap { $0.pages } }

    /// Every area's home cards, in their ranks' order.
    func homeCards(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] {
        try cards.flatMap { try $0.home(shown, snapshot) }.sorted { $0.rank < $1.rank }
    }

    /// What a quick log on home just did, said by the area it was for.
    func didOnHome(_ shown: ShownHome, _ snapshot: Snapshot) throws -> HTML? {
        for area in cards { if let said = try area.didOnHome(shown, snapshot) { return said } }
        return nil
    }

    /// Every area's rows of what needs doing now and soon.
    func todayList(_ shown: ShownHome, _ snapshot: Snapshot) throws -> TodayList {
        var list = TodayList()
        for area in cards { try area.today(shown, snapshot, into: &list) }
        return list
    }

    /// Every area's sections of a calendar day, in their ranks' order.
    func daySections(_ shown: ShownDay) throws -> [DaySection] {
        try cards.flatMap { try $0.calendarDay(shown) }.sorted { $0.rank < $1.rank }
    }

    /// Every area's dots on a month's cells: each cell's in their ranks' order (an area's own in its order).
    func monthDots(_ shown: ShownMonth) throws -> MonthDots {
        var dots = MonthDots(from: shown.from, to: shown.to)
        for area in cards { try area.calendarMonth(shown, into: &dots) }
        dots.putInRankOrder()
        return dots
    }

    /// The key under the month: every area's dots, in their ranks' order.
    func monthLegend(_ format: Formatting) -> [MonthDot] {
        Self.inRankOrder(cards.flatMap { $0.calendarLegend(format) })
    }

    /// Dots by rank, those of one rank in the order they came (an area's own order); dots
    /// already in order are not sorted again.
    static func inRankOrder(_ dots: [MonthDot]) -> [MonthDot] {
        if zip(dots, dots.dropFirst()).allSatisfy({ $0.rank <= $1.rank }) { return dots }
        return dots.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
    }

    /// Every area's groups of search results that found anything, in their ranks' order.
    func searchGroups(_ shown: ShownSearch) throws -> [SearchGroup] {
        try cards.flatMap { try $0.search(shown) }.filter { !$0.items.isEmpty }.sorted { $0.rank < $1.rank }
    }

    /// Every area's events for a calendar feed, in their ranks' order.
    func feedParts(_ shown: ShownFeed) throws -> [FeedPart] {
        try cards.flatMap { try $0.feed(shown) }.sorted { $0.rank < $1.rank }
    }

    /// Every area's sections of a subject's report, in their ranks' order.
    func reportSections(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        try cards.flatMap { try $0.report(shown, snapshot) }.sorted { $0.rank < $1.rank }
    }

    /// Every area's lines of a member's reminder round.
    func reminderLines(_ shown: ShownReminders) throws -> [ReminderLine] { try cards.flatMap { try $0.reminders(shown) } }

    /// Every area's kinds of the household export, in the order of `all`.
    var exportKinds: [ExportKind] { cards.flatMap { $0.exportKinds } }

    /// Every area's part of the demo household, in their ranks' order.
    var demoSteps: [any DemoStep.Type] { cards.compactMap { $0.demo }.sorted { $0.rank < $1.rank } }

    /// The household's export: every area's kinds.
    func export(_ database: AppDatabase) -> HouseholdExport { HouseholdExport(database, kinds: exportKinds) }

    func petCards(_ shown: ShownPet) throws -> SubjectCardSlots {
        var slots = SubjectCardSlots()
        for area in cards { try area.pet(shown, into: &slots) }
        return slots
    }

    func personCards(_ shown: ShownSubject) throws -> SubjectCardSlots {
        var slots = SubjectCardSlots()
        for area in cards { try area.person(shown, into: &slots) }
        return slots
    }
}
