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
    /// inside its window), named with what to give ("Mochi: Heart pills — Pimobendan 1 tablet");
    /// and, later, the other members told it is still unmarked.
    static func reminders(_ shown: ShownReminders) throws -> [ReminderLine] {
        let entries = try RegimenRepository(shown.database).doses(
            access: shown.recipient.access, from: shown.today.adding(days: -1), to: shown.today, in: shown.zone)
        return entries.filter { $0.regimen.remind && !$0.regimen.deleted }.flatMap { entry in
            let regimen = entry.regimen
            return entry.slots.filter { !$0.asNeeded && $0.state(at: shown.now) == .dueNow }.flatMap { slot in
                let dose = DoseKey(regimenID: regimen.id, day: slot.day, time: slot.time)
                let link = DoseRoutes.day(slot.day, subject: regimen.subjectID)
                // A dose whose time had passed when the regimen was saved: reminded once, nobody told.
                // (A regimen stamped after now is one of a clock set back, as the demo's: as before.)
                let before = slot.instant < regimen.createdAt && regimen.createdAt <= shown.now
                return shown.due(at: slot.instant, shown.format.doseLine(regimen, on: slot.day), link: link, dose: dose, firstOnly: before)
                    + (before
                        ? []
                        : shown.escalation(
                            at: slot.instant, subjectID: regimen.subjectID, what: "\(regimen.subjectName): \(regimen.name)", link: link, dose: dose))
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

    /// Today's doses nobody marked yet: missed, due now, within the hour, later; yesterday's
    /// still in their window too, and those missed last night (in the last 12 hours: the evening's
    /// anti-seizure dose at breakfast). Yesterday's earlier missed ones are counted, not listed,
    /// and the day's tally links to the dose page.
    static func today(_ shown: ShownHome, _ snapshot: Snapshot, into list: inout TodayList) throws {
        let (now, format) = (shown.now, shown.format)
        let yesterday = shown.today.adding(days: -1)
        // Regimen by regimen: the list puts them in time order (sorting a care home's 1,200 doses first was a fifth of its home).
        let regimens = try RegimenRepository.doses(
            access: shown.context.access, from: yesterday, to: shown.today, in: shown.context.timeZone, snapshot: snapshot)
        var (missedYesterday, doneToday, allToday) = (0, 0, 0)
        for entry in regimens {
            for slot in entry.slots {
                let dose = (regimen: entry.regimen, slot: slot)
                let state = dose.slot.state(at: now)
                if dose.slot.day == shown.today {
                    allToday += 1
                    if state == .given || state == .skipped { doneToday += 1 }
                } else if state == .missed && dose.slot.instant < now.addingTimeInterval(-Self.lastNight) {
                    missedYesterday += 1
                    continue
                }
                let urgency: TodayList.Urgency
                switch state {
                case .missed: urgency = .late
                case .dueNow: urgency = .now
                case .later: urgency = .dueAt(dose.slot.instant, now: now)
                case .given, .skipped: continue
                }
                let canRecord = shown.context.mayRecord(for: dose.regimen.subjectID), csrf = shown.context.csrfToken
                list.add(urgency, at: dose.slot.instant) {
                    let back = HomeRoutes.home.pattern + "?dose=\(dose.regimen.id).\(dose.slot.day).\(dose.slot.time)"
                    return DoseListHTML.render([dose], now: now, canRecord: canRecord, csrf: csrf, back: back, format: format)
                }
            }
        }
        if allToday > 0 {
            list.note(format.t("home.doses_summary", ["done": String(doneToday), "all": String(allToday)]), href: DoseRoutes.list.pattern)
        }
        if missedYesterday > 0 {
            list.note(format.t("home.missed_yesterday", ["n": String(missedYesterday)]), href: DoseRoutes.day(yesterday))
        }
    }

    /// How far back a dose missed yesterday is still listed on home rather than counted.
    static let lastNight: Double = 12 * 3600

    /// `?dose=<regimen>.<day>.<minutes>`: the dose just marked on home, as it stands now (given by
    /// whom and when), with its undo; `?undone=dose` once taken back.
    static func didOnHome(_ shown: ShownHome, _ snapshot: Snapshot) throws -> HTML? {
        if shown.query["undone"] == "dose" { return "\(shown.format.t("home.did.undone"))" }
        let parts = shown.query["dose", default: ""].split(separator: ".")
        guard parts.count == 3, let regimen = Int64(parts[0]), let day = LocalDate(String(parts[1])), let time = Int(parts[2]) else { return nil }
        let doses = try RegimenRepository.doses(access: shown.context.access, from: day, to: day, in: shown.context.timeZone, snapshot: snapshot)
        guard let dose = doses.inTimeOrder.first(where: { $0.regimen.id == regimen && $0.slot.time == time }) else { return nil }
        let back = HomeRoutes.home.pattern + "?undone=dose"
        let row = DoseListHTML.render(
            [dose], now: shown.now, canRecord: shown.context.mayRecord(for: dose.regimen.subjectID), csrf: shown.context.csrfToken, back: back,
            format: shown.format)
        return #"<ul class="dose-list">\#(row)</ul>"#
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
