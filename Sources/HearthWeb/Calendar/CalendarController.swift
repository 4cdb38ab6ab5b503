import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// `/calendar`, `/calendar/{yyyy-mm}`, `/calendar/{yyyy-mm-dd}`, `/calendar/{yyyy}`.
struct CalendarController {
    let renderer: Renderer
    let calendar: CalendarRepository
    let subjects: SubjectRepository
    /// For the areas' sections of a day (`AreaCards.calendarDay`).
    let database: AppDatabase
    let areas: AreaList
    let now: @Sendable () -> Date

    @Sendable func thisMonth(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await month(YearMonth(context.today), request: request, context: context)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let when = try context.parameters.require("when")
        if let month = YearMonth(when) { return try await self.month(month, request: request, context: context) }
        if let day = LocalDate(when) { return try await self.day(day, request: request, context: context) }
        if when.count == 4, let year = Int(when), (1...9999).contains(year) { return try await self.year(year, request: request, context: context) }
        throw PageError.notFound
    }

    private func month(_ month: YearMonth, request: Request, context: AppRequestContext) async throws -> Response {
        let format = formatting(context)
        let visible = try await subjects.subjects(access: context.access)
        // Filters: a subject the member may see, a kind Hearth knows; anything else is ignored.
        let query = request.uri.queryParameters
        let subject = query.get("subject").flatMap(Int64.init).flatMap { id in visible.contains { $0.id == id } ? id : nil }
        let kindText = query.get("kind") ?? ""
        let kind: CalendarFilter.Kind? =
            switch kindText {
            case "water": .water
            case "steps": .steps
            default: EntryKind(rawValue: kindText).map { .record($0) }
            }
        var keep: [String: String] = [:]
        if let subject { keep["subject"] = String(subject) }
        if kind != nil { keep["kind"] = kindText }
        let suffix = QueryLink.make("", keep)

        let firstWeekday = WeekStart.firstWeekday(language: context.language, acceptLanguage: request.headers[.acceptLanguage])
        let grid = MonthGrid(month, firstWeekday: firstWeekday)
        let marks = try calendar.marks(
            from: grid.firstShown, to: grid.lastShown, today: context.today, access: context.access, filter: CalendarFilter(subject: subject, kind: kind),
            timeZone: context.timeZone, now: context.now)
        let byID = Dictionary(uniqueKeysWithValues: visible.map { ($0.id, $0) })
        let dots = try areas.monthDots(
            ShownMonth(from: grid.firstShown, to: grid.lastShown, marks: marks, subjects: byID, database: database, context: context, format: format))
        let today = context.today
        let weeks = grid.weeks.map { week in
            week.map {
                CalendarHTML.Cell(date: $0, inMonth: $0.month == month.month, isToday: $0 == today, photo: marks[$0]?.photo, dots: dots.on($0))
            }
        }
        let kindValues = CalendarHTML.kindOrder.map(\.rawValue) + ["water", "steps"]
        let page = CalendarMonthPage(
            heading: format.monthHeading(month),
            previous: month.previous.map { CalendarRoutes.month($0) + suffix }, next: month.next.map { CalendarRoutes.month($0) + suffix },
            today: CalendarRoutes.thisMonth.pattern + suffix, yearLink: CalendarRoutes.year(month.year),
            subjects: OptionView.html(
                [OptionView(value: "", label: format.t("calendar.everyone"), selected: subject == nil)]
                    + visible.map { OptionView(value: String($0.id), label: $0.name, selected: $0.id == subject) }),
            kinds: OptionView.html(
                [OptionView(value: "", label: format.t("calendar.every_kind"), selected: kind == nil)]
                    + kindValues.map { OptionView(value: $0, label: format.t("calendar.kind.\($0)"), selected: $0 == kindText) }),
            filtered: subject != nil || kind != nil,
            grid: CalendarHTML.month(weeks: weeks, weekdays: grid.columns.map { format.t("calendar.weekday_short.\($0)") }, format: format, query: ""),
            legend: CalendarHTML.legend(areas.monthLegend(format)))
        return renderer.page(page, titleKey: "calendar.title", titleText: page.heading, request: request, context: context)
    }

    private func day(_ day: LocalDate, request: Request, context: AppRequestContext) async throws -> Response {
        let format = formatting(context)
        let householdUnit = BodyWeightUnit(context.household?.weightUnit ?? .kg)
        let volume = context.household?.volumeUnit ?? .ml
        let sections = try calendar.day(day, access: context.access).compactMap { found -> CalendarDayPage.Subject? in
            var figures: [String] = []
            if let person = found.figures {
                let water = format.volume(ml: person.waterML, unit: volume)
                figures.append(
                    person.goals.waterML.map {
                        format.t(
                            person.waterML >= $0 ? "calendar.figure.water_met" : "calendar.figure.water_goal",
                            ["amount": water, "goal": format.volume(ml: $0, unit: volume)])
                    } ?? format.t("calendar.figure.water", ["amount": water]))
                if let steps = person.steps {
                    let count = format.number(Double(steps))
                    figures.append(
                        person.goals.steps.map {
                            format.t(
                                steps >= $0 ? "calendar.figure.steps_met" : "calendar.figure.steps_goal", ["steps": count, "goal": format.number(Double($0))])
                        } ?? format.t("calendar.figure.steps", ["steps": count]))
                }
            }
            guard !found.records.isEmpty || !figures.isEmpty else { return nil }
            let unit = found.subject.petWeightUnit ?? householdUnit
            let entries = found.records.map { EntryView($0, format: format, unit: unit) }
            return CalendarDayPage.Subject(
                name: found.subject.name, href: found.subject.kind.day(found.subject.id, day),
                colour: found.subject.colour?.rawValue ?? "none", figures: figures,
                records: EntryListHTML.render(entries, actions: nil, photoLabel: format.t("photo.open")), hasRecords: !entries.isEmpty)
        }
        // What the month marks on the day, each area lists in its section: the same marks, read the same way.
        let now = now()
        let marks = try calendar.marks(from: day, to: day, today: context.today, access: context.access, timeZone: context.timeZone, now: now)[day]
        let shown = ShownDay(day: day, marks: marks ?? DayMarks(), database: database, context: context, format: format, now: now)
        let (before, after) = (day.adding(days: -1), day.adding(days: 1))
        let page = CalendarDayPage(
            heading: format.dayHeading(day), day: day.description,
            previous: before.isOnCalendar ? CalendarRoutes.day(before) : nil, next: after.isOnCalendar ? CalendarRoutes.day(after) : nil,
            monthLink: CalendarRoutes.month(YearMonth(day)), subjects: sections, areas: try areas.daySections(shown))
        return renderer.page(page, titleKey: "calendar.title", titleText: page.heading, request: request, context: context)
    }

    private func year(_ year: Int, request: Request, context: AppRequestContext) async throws -> Response {
        let format = formatting(context)
        let firstWeekday = WeekStart.firstWeekday(language: context.language, acceptLanguage: request.headers[.acceptLanguage])
        let columns = MonthGrid(YearMonth(year: year, month: 1)!, firstWeekday: firstWeekday).columns
        let months = try calendar.year(year, access: context.access)
        let page = CalendarYearPage(
            heading: String(year), previous: year > 1 ? CalendarRoutes.year(year - 1) : nil, next: year < 9999 ? CalendarRoutes.year(year + 1) : nil,
            months: CalendarHTML.year(
                year, months: months, firstWeekday: firstWeekday, weekdays: columns.map { format.t("calendar.weekday_narrow.\($0)") }, format: format))
        return renderer.page(
            page, titleKey: "calendar.title", titleText: format.t("calendar.year_heading", ["year": String(year)]), request: request, context: context)
    }

    private func formatting(_ context: AppRequestContext) -> Formatting {
        Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
    }
}
