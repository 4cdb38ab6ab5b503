import HearthCore
import HearthHTML
import HearthStore

/// A subject's flags as `<li>`s: what was seen, the rule and its source in one line, the
/// records behind it, "ask the vet / the doctor" (`FlagText`), and "seen" for a member who may record.
enum FlagHTML {
    /// The list of one subject's flags; `name` puts the subject's name first (home), `includeSeen`
    /// keeps those marked seen (its own page, with who marked them).
    static func list(_ flags: SubjectFlags, name: Bool, includeSeen: Bool, seen: Seen?, format: Formatting) -> HTML {
        var html: HTML = #"<ul class="flags">"#
        for (flag, mark) in flags.raised where mark == nil || includeSeen {
            html += item(flag, mark: mark, of: flags.subject, name: name, seen: seen, format: format)
        }
        return html + "</ul>"
    }

    /// One flag's `<li>`.
    static func item(_ flag: HealthFlag, mark: FlagSeen?, of subject: SubjectSummary, name: Bool, seen: Seen?, format: Formatting) -> HTML {
        var html: HTML = #"<li class="flag\#(mark == nil ? "" : " seen")" data-flag="\#(flag.key)">"#
        if name { html += #"<a href="\#(subject.kind.page(subject.id))">\#(subject.name)</a>: "# }
        html += #"<strong>\#(FlagText.seen(flag, subject, format: format))</strong> "#
        html += #"<a href="\#(FlagText.records(flag, subject))">\#(format.t("flags.records"))</a>"#
        // Home keeps to a line or two a flag; the rule and its source are a tap away on the subject's page.
        if !name { html += #"<br><span class="meta">\#(FlagText.rule(flag, subject, format: format))</span>"# }
        html += #" \#(FlagText.advice(flag, subject, format: format))"#
        if flag.rule == .urgentReading && subject.kind == .pet {
            html += #" <a class="button small" href="\#(CareRoutes.emergency.pattern)">\#(format.t("flags.emergency"))</a>"#
        }
        if let mark {
            html += #"<br><span class="meta">\#(format.t("flags.seen_by", ["name": mark.by, "date": format.shortDay(mark.day)]))</span>"#
        } else if let seen, seen.canRecord {
            html += #"<form method="post" action="\#(FlagRoutes.seen(subject.id))" class="inline">"#
            html += #"<input type="hidden" name="_csrf" value="\#(seen.csrf)"><input type="hidden" name="key" value="\#(flag.key)">"#
            html += #"<input type="hidden" name="back" value="\#(seen.back)">"#
            html += #"<button type="submit" class="small">\#(format.t("flags.mark_seen"))</button></form>"#
        }
        return html + "</li>"
    }

    /// What cannot wait first: an urgent reading before any other flag, the newest first.
    static func mostUrgentFirst(_ a: HealthFlag, _ b: HealthFlag) -> Bool {
        let (aUrgent, bUrgent) = (a.rule == .urgentReading, b.rule == .urgentReading)
        if aUrgent != bUrgent { return aUrgent }
        return (a.days.last ?? a.since) > (b.days.last ?? b.since)
    }

    /// "몸무게 변화: 4주 이상 떨어진 두 번의 측정이 있어야 살펴볼 수 있어요".
    static func needsMore(_ flags: SubjectFlags, format: Formatting) -> HTML {
        guard !flags.needsMore.isEmpty else { return .empty }
        let words = flags.needsMore.map { format.t("flags.needs.\($0.rawValue)") }.joined(separator: " ")
        return #"<p class="meta flags-need">\#(words)</p>"#
    }

    /// Where a "seen" button posts and returns.
    struct Seen {
        let canRecord: Bool
        let csrf: String
        let back: String
    }
}
