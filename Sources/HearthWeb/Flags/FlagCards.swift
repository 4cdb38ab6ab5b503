import HearthCore
import HearthHTML
import HearthStore

/// Flags on the pages that are not their own: first on a subject's page (all raised, those
/// marked seen with who marked them), on home (the open ones of every subject the member sees),
/// and first in a subject's report.
enum FlagCards: AreaCards {
    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {
        if let card = try card(shown.subject) { cards.add(card) }
    }

    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws {
        if let card = try card(shown) { cards.add(card) }
    }

    static func card(_ shown: ShownSubject) throws -> SubjectCard? {
        let context = shown.context
        guard let subject = try SubjectRepository(shown.database).subject(id: shown.id, access: context.access) else { return nil }
        let today = LocalDate(shown.now, in: context.timeZone)
        guard
            let flags = try shown.database.snapshot({ snapshot in
                try FlagRepository.flags([subject], access: context.access, today: today, now: shown.now, timeZone: context.timeZone, in: snapshot)
            }).first,
            !flags.raised.isEmpty || !flags.needsMore.isEmpty
        else { return nil }
        let format = shown.format
        let seen = FlagHTML.Seen(
            canRecord: context.mayRecord(for: subject.id), csrf: context.csrfToken, back: subject.kind.page(subject.id) + "#flags")
        var html = flags.raised.isEmpty ? HTML.empty : FlagHTML.list(flags, name: false, includeSeen: true, seen: seen, format: format)
        html += FlagHTML.needsMore(flags, format: format)
        html += #"<p class="meta"><a href="\#(HelpRoutes.topic("flags"))">\#(format.t("flags.how"))</a></p>"#
        return SubjectCard(rank: 5, id: "flags", heading: format.t("flags.card_title"), html: html)
    }

    static func home(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] {
        let all = try FlagRepository.flags(
            shown.subjects, access: shown.context.access, today: shown.today, now: shown.now, timeZone: shown.context.timeZone, in: snapshot)
        let open = all.filter { !$0.open.isEmpty }
        guard !open.isEmpty else { return [] }
        let context = shown.context
        var html = HTML.empty
        for flags in open {
            let seen = FlagHTML.Seen(canRecord: context.mayRecord(for: flags.subject.id), csrf: context.csrfToken, back: HomeRoutes.home.pattern)
            html += FlagHTML.list(flags, name: true, includeSeen: false, seen: seen, format: shown.format)
        }
        return [HomeCard(rank: 25, model: FlagsHomeCard(flags: html))]
    }

    /// First in the report: what was raised on the report's last day, with the rule behind each —
    /// or that nothing was, and what the rules had too little to go on for (a vet reads both).
    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        let report = shown.report
        let day = min(report.to, report.today)
        let now = day == report.today ? report.now : day.adding(days: 1).midnight(in: report.timeZone).addingTimeInterval(-1)
        guard
            let flags = try FlagRepository.flags([report.subject], access: report.access, today: day, now: now, timeZone: report.timeZone, in: snapshot)
                .first
        else { return [] }
        let format = shown.format
        var html: HTML = #"<section class="report-flags"><h2>\#(format.t("flags.report_heading", ["date": format.shortDay(day)]))</h2>"#
        html +=
            flags.raised.isEmpty
            ? #"<p>\#(format.t("flags.none_raised"))</p>"# : FlagHTML.list(flags, name: false, includeSeen: true, seen: nil, format: format)
        html += FlagHTML.needsMore(flags, format: format)
        return [ReportSection(rank: 1, html: html + "</section>")]
    }
}
