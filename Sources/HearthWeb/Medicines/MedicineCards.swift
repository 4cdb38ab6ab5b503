import HearthCore
import HearthHTML
import HearthStore

/// Medicines' card on a pet's and a person's page: today's doses and the live regimens; on the
/// home page, what still needs doing today.
enum MedicineCards: AreaCards {
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
                link: .init(href: "/doses?day=\(shown.day)", label: format.t("calendar.doses_link")))
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
        cards.medicines = try card(shown.subject, interactions: .empty)
    }

    /// A person's card opens with what the DUR lists say of their medicines (pets are never matched).
    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws {
        let check = try InteractionRepository(shown.database).check(personID: shown.id, today: LocalDate(shown.now, in: shown.context.timeZone))
        cards.medicines = try card(shown, interactions: InteractionHTML.render(check, format: shown.format))
    }

    private static func card(_ shown: ShownSubject, interactions: HTML) throws -> HTML {
        try interactions
            + SubjectMedicinesHTML.card(
                subjectID: shown.id, regimens: RegimenRepository(shown.database), context: shown.context, now: shown.now, format: shown.format,
                back: shown.back)
    }
}
