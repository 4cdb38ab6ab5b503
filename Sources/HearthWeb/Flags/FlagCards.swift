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

    /// The subject's flags today, nil when the member may not see it.
    private static func flags(_ shown: ShownSubject) throws -> SubjectFlags? {
        let context = shown.context
        guard let subject = try SubjectRepository(shown.database).subject(id: shown.id, access: context.access) else { return nil }
        let today = LocalDate(shown.now, in: context.timeZone)
        return try shown.database.snapshot { snapshot in
            try FlagRepository.flags([subject], access: context.access, today: today, now: shown.now, timeZone: context.timeZone, in: snapshot)
        }.first
    }

    static func card(_ shown: ShownSubject) throws -> SubjectCard? {
        let context = shown.context
        guard let flags = try flags(shown), !flags.raised.isEmpty || !flags.needsMore.isEmpty else { return nil }
        let subject = flags.subject
        let format = shown.format
        let seen = FlagHTML.Seen(
            canRecord: context.mayRecord(for: subject.id), csrf: context.csrfToken, back: subject.kind.page(subject.id) + "#flags")
        var html = flags.raised.isEmpty ? HTML.empty : FlagHTML.list(flags, name: false, includeSeen: true, seen: seen, format: format)
        html += FlagHTML.needsMore(flags, format: format)
        html += #"<p class="meta"><a href="\#(HelpRoutes.topic("flags"))">\#(format.t("flags.how"))</a></p>"#
        return SubjectCard(rank: 5, id: "flags", heading: format.t("flags.card_title"), html: html)
    }

    /// The urgent readings saved today, said at once at the top of the page a member lands on
    /// after saving (with the emergency button for a pet): the flags card is further down.
    static func urgentToday(_ shown: ShownSubject) throws -> HTML {
        guard let flags = try flags(shown) else { return .empty }
        let today = LocalDate(shown.now, in: shown.context.timeZone)
        let urgent = flags.raised.filter { $0.seen == nil && $0.flag.rule == .urgentReading && $0.flag.days.last == today }
        guard !urgent.isEmpty else { return .empty }
        let format = shown.format
        var html: HTML = #"<ul class="flags">"#
        for (flag, _) in urgent { html += FlagHTML.item(flag, mark: nil, of: flags.subject, name: false, seen: nil, format: format) }
        return html + "</ul>"
    }

    /// Home: every open flag of every subject in one list, an urgent reading first and the newest
    /// first, so that last night's seizure is not below a week-old weight change.
    static func home(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] {
        let all = try FlagRepository.flags(
            shown.subjects, access: shown.context.access, today: shown.today, now: shown.now, timeZone: shown.context.timeZone, in: snapshot)
        let open = all.flatMap { flags in flags.open.map { (flag: $0, subject: flags.subject) } }.sorted { FlagHTML.mostUrgentFirst($0.flag, $1.flag) }
        guard !open.isEmpty else { return [] }
        let context = shown.context
        var html: HTML = #"<ul class="flags">"#
        for (flag, subject) in open {
            let seen = FlagHTML.Seen(canRecord: context.mayRecord(for: subject.id), csrf: context.csrfToken, back: HomeRoutes.home.pattern)
            html += FlagHTML.item(flag, mark: nil, of: subject, name: true, seen: seen, format: shown.format)
        }
        return [HomeCard(rank: 25, model: FlagsHomeCard(flags: html + "</ul>"))]
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
