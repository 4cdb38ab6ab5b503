import HearthCore
import HearthHTML
import HearthStore

/// Medicines' card on a pet's and a person's page: today's doses and the live regimens; on the
/// home page, what still needs doing today.
enum MedicineCards: AreaCards {
    static let exportKinds = HouseholdExport.medicineKinds
    static let demo: (any DemoStep.Type)? = MedicinesDemo.self

    static func feed(_ shown: ShownFeed) throws -> [FeedPart] { shown.part(10, MedicineFeed.write) }

    /// Each dose of a regimen with reminders on that is due and not yet marked (yesterday's too,
    /// inside its window).
    static func reminders(_ shown: ShownReminders) throws -> [ReminderLine] {
        let entries = try RegimenRepository(shown.database).doses(
            access: shown.recipient.access, from: shown.today.adding(days: -1), to: shown.today, in: shown.zone)
        return entries.filter { $0.regimen.remind && !$0.regimen.deleted }.flatMap { entry in
            entry.slots.filter { !$0.asNeeded && $0.state(at: shown.now) == .dueNow }.flatMap { slot in
                shown.due(at: slot.instant, "\(entry.regimen.subjectName): \(entry.regimen.name)")
            }
        }
    }

    /// Regimens (by name, purpose, whose, and their medicines), and the medicines list.
    static func search(_ shown: ShownSearch) throws -> [SearchGroup] {
        let regimens = try RegimenRepository(shown.database).regimens(access: shown.context.access).filter {
            shown.matches($0.name, $0.purpose ?? "", $0.subjectName, $0.currentItems.map(\.input.name).joined(separator: " "))
        }
        let perGroup = SearchController.perKind
        let found = try MedicineRepository(shown.database).find(shown.text, limit: perGroup)
        return [
            SearchGroup(
                rank: 20, heading: shown.format.t("search.group.regimens"),
                items: regimens.map { .init(href: RegimenRoutes.one($0.id), name: $0.name, detail: $0.subjectName) }),
            SearchGroup(
                rank: 50, heading: shown.format.t("search.group.medicines"),
                items: found.items.map { .init(href: MedicineRoutes.one($0.id), name: $0.name, detail: $0.input.company ?? "") },
                more: found.items.count >= perGroup ? QueryLink.make(MedicineRoutes.list.pattern, ["q": shown.text]) : nil),
        ]
    }

    /// One dot for the day's doses: all given, or some not (yet).
    static func calendarMonth(_ shown: ShownMonth, into dots: inout MonthDots) throws {
        let format = shown.format
        shown.dots(into: &dots) { marks in
            guard let doses = marks.doses else { return [] }
            let all = doses.given == doses.due
            let label = format.t(all ? "calendar.doses_all" : "calendar.doses_some", ["given": String(doses.given), "due": String(doses.due)])
            return [MonthDot(rank: 30, classes: all ? "doses-all" : "doses-missed", label: label)]
        }
    }

    static func calendarLegend(_ format: Formatting) -> [MonthDot] {
        [
            MonthDot(rank: 30, classes: "doses-all", label: format.t("calendar.legend.doses_all")),
            MonthDot(rank: 30, classes: "doses-missed", label: format.t("calendar.legend.doses_missed")),
        ]
    }

    /// The day's doses and what became of them (marked on the dose page, not here).
    static func calendarDay(_ shown: ShownDay) throws -> [DaySection] {
        let doses = try RegimenRepository(shown.database).doses(access: shown.context.access, from: shown.day, to: shown.day, in: shown.context.timeZone)
            .inTimeOrder
        guard !doses.isEmpty else { return [] }
        let format = shown.format
        return [
            DaySection(
                rank: 10, heading: format.t("doses.title"), listClass: "dose-list",
                items: DoseListHTML.render(doses, now: shown.now, canRecord: false, csrf: "", back: "", format: format),
                link: .init(href: DoseRoutes.day(shown.day), label: format.t("calendar.doses_link")))
        ]
    }

    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        try MedicinesReportHTML.sections(shown, snapshot)
    }

    static func home(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] {
        let (now, format) = (shown.now, shown.format)
        let today = LocalDate(now, in: shown.context.timeZone)
        let all = try RegimenRepository.doses(access: shown.context.access, from: today, to: today, in: shown.context.timeZone, snapshot: snapshot)
            .inTimeOrder
        guard !all.isEmpty else { return [] }
        let done = all.filter { [.given, .skipped].contains($0.slot.state(at: now)) }.count
        let doses = DoseListHTML.render(
            DoseListHTML.stillToDo(all, now: now), now: now, canRecord: shown.canRecord, csrf: shown.context.csrfToken, back: "/", format: format)
        let summary = format.t("home.doses_summary", ["done": String(done), "all": String(all.count)])
        return [HomeCard(rank: 10, model: DosesTodayCard(doses: doses, summary: summary))]
    }

    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {
        cards.add(try card(shown.subject, interactions: .empty))
    }

    /// A person's card opens with what the DUR lists say of their medicines (pets are never matched).
    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws {
        let check = try InteractionRepository(shown.database).check(personID: shown.id, today: LocalDate(shown.now, in: shown.context.timeZone))
        cards.add(try card(shown, interactions: InteractionHTML.render(check, format: shown.format)))
    }

    private static func card(_ shown: ShownSubject, interactions: HTML) throws -> SubjectCard {
        let html =
            try interactions
            + SubjectMedicinesHTML.card(
                subjectID: shown.id, regimens: RegimenRepository(shown.database), context: shown.context, now: shown.now, format: shown.format,
                back: shown.back)
        return SubjectCard(rank: 10, id: "medicines", heading: shown.format.t("regimens.card_title"), html: html)
    }
}
