import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// Regimens and doses in the words a member reads.
extension Formatting {
    /// "Nov" / "11월": a month under a chart's bar.
    func monthShort(_ day: LocalDate) -> String {
        language == .ko ? "\(day.month)월" : ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][day.month - 1]
    }

    /// `08:00`.
    func minutes(_ minutes: Int) -> String { LocalTime.clock(minutes: minutes) }

    /// "Thu 19 Nov" / "11월 19일 (목)": a dose's day where room is short, read alike in every
    /// country (not "19/11", which an American reads as a month).
    func doseDay(_ day: LocalDate) -> String {
        language == .ko ? shortDay(day) : "\(t("regimens.weekday.\(day.weekday)")) \(day.day) \(monthShort(day))"
    }

    /// "Every day at 08:00, 20:00 · from Monday, 1 December 2026 · for 10 days".
    func schedule(_ schedule: CareSchedule) -> String {
        let times = schedule.times.map(minutes).joined(separator: ", ")
        var rule: String
        switch schedule.repeatRule {
        case .daily: rule = t("regimens.rule.daily")
        case .weekdays(let days):
            let names = days.sorted().map { t("regimens.weekday.\($0)") }.joined(separator: ", ")
            rule = t("regimens.rule.weekdays", ["days": names])
        case .everyDays(let n): rule = n == 1 ? t("regimens.rule.daily") : t("regimens.rule.days", ["n": String(n)])
        case .everyWeeks(let n): rule = t("regimens.rule.weeks", ["n": String(n)])
        case .everyMonths(let n): rule = t("regimens.rule.months", ["n": String(n), "day": String(schedule.start.day)])
        case .yearly: rule = t("regimens.rule.years", ["month": String(schedule.start.month), "day": String(schedule.start.day)])
        case .afterDone(let n): rule = t("regimens.rule.after_done", ["n": String(n)])
        case .asNeeded(0): rule = t("regimens.rule.when_needed")
        case .asNeeded(let minimum):
            rule = t("regimens.rule.as_needed", ["hours": number(Double(minimum) / 60, decimals: 1)])
        }
        var parts = [schedule.times.isEmpty ? rule : t("regimens.rule.at", ["rule": rule, "times": times])]
        parts.append(t("regimens.rule.from", ["date": dayHeading(schedule.start)]))
        switch schedule.end {
        case .on(let day): parts.append(t("regimens.rule.until", ["date": dayHeading(day)]))
        case .afterDays(let n): parts.append(t("regimens.rule.for_days", ["n": String(n)]))
        case nil: break
        }
        return parts.joined(separator: " · ")
    }

    /// "Pimobendan 1 tablet, Furosemide 0.5 ml".
    func items(_ items: [RegimenItem]) -> String {
        items.map { "\($0.input.name) \($0.input.doseText)" }.joined(separator: ", ")
    }

    /// What a dose is and what to give: "Mochi: Heart pills — Pimobendan 1 tablet" (a reminder's
    /// line, the page a reminder's button opens).
    func doseLine(_ regimen: Regimen, on day: LocalDate) -> String {
        let what = "\(regimen.subjectName): \(regimen.name)"
        let given = items(regimen.items(on: day))
        return given.isEmpty ? what : "\(what) — \(given)"
    }

    /// What became of a dose: "given by Mom at 08:05", "skipped by Dad — vomited", "due now".
    /// A mark taken back before says so: "given by Mom at 08:05 · changed".
    func doseState(_ slot: DoseSlot, now: Date) -> String {
        var said = plainDoseState(slot, now: now)
        if slot.logged?.fromReminder == true { said += " " + t("doses.from_reminder") }
        return slot.logged?.changed == true ? said + " · " + t("doses.changed") : said
    }

    private func plainDoseState(_ slot: DoseSlot, now: Date) -> String {
        let state = slot.state(at: now)
        switch state {
        case .given:
            let at = slot.logged?.givenAt.map(clock) ?? ""
            return slot.logged?.by.map { t("doses.given_by", ["name": $0, "time": at]) } ?? t("doses.given_at", ["time": at])
        case .skipped:
            let reason = slot.logged?.reason ?? slot.change?.reason
            let who = slot.logged?.by.map { t("doses.skipped_by", ["name": $0]) } ?? t("doses.state.skipped")
            return [who, reason].compactMap { $0 }.joined(separator: " — ")
        case .dueNow, .later, .missed:
            let moved = slot.minutes != slot.time ? " " + t("doses.moved_from", ["time": minutes(slot.time)]) : ""
            return t("doses.state.\(state.rawValue)") + moved
        }
    }
}

/// A list of doses as `<li>`s: what it is, when, what became of it, and (for members who
/// record) one tap to mark it given or skipped, or to undo. Each item carries its state and
/// time for the reminder script (`Public/js/reminders.js`).
enum DoseListHTML {
    static func render(
        _ doses: [(regimen: Regimen, slot: DoseSlot)], now: Date, canRecord: Bool, csrf: String, back: String, format: Formatting, showSubject: Bool = true
    ) -> HTML {
        var html = HTML.empty
        let today = LocalDate(now, in: format.timeZone)
        for (regimen, slot) in doses {
            let state = slot.state(at: now)
            let title = showSubject ? "\(regimen.subjectName): \(regimen.name)" : regimen.name
            let items = format.items(regimen.items(on: slot.day))
            let key = "\(regimen.id)-\(slot.day)-\(slot.time)"
            let time = format.minutes(slot.minutes)
            html +=
                #"<li class="dose dose-\#(state.rawValue)" data-dose="\#(key)" data-state="\#(state.rawValue)" data-at="\#(Int64(slot.instant.timeIntervalSince1970))" data-text="\#(time) — \#(title)\#(items.isEmpty ? "" : " — " + items)">"#
            html += #"<span class="dose-time">\#(time)</span> <span class="what"><a href="\#(RegimenRoutes.one(regimen.id))">\#(title)</a>"#
            if !items.isEmpty { html += #" <span class="meta">\#(items)</span>"# }
            html += #"</span> <span class="when">\#(format.doseState(slot, now: now))</span>"#
            if canRecord && !regimen.deleted {
                html += form(regimen: regimen.id, slot: slot, today: today, csrf: csrf, back: back, state: state, format: format)
            }
            html += "</li>"
        }
        return html
    }

    /// The hidden fields that name one dose in the forms of `/doses/mark` and `/doses/change`
    /// (no `time`: an as-needed dose, keyed by the minute it is given).
    static func doseFields(regimen: Int64, day: LocalDate, time: Int?, csrf: String, back: String?) -> HTML {
        var html: HTML =
            #"<input type="hidden" name="_csrf" value="\#(csrf)"><input type="hidden" name="regimen" value="\#(regimen)"><input type="hidden" name="day" value="\#(day.description)">"#
        if let time { html += #"<input type="hidden" name="time" value="\#(time)">"# }
        if let back { html += #"<input type="hidden" name="back" value="\#(back)">"# }
        return html
    }

    private static func form(regimen: Int64, slot: DoseSlot, today: LocalDate, csrf: String, back: String, state: DoseSlot.State, format: Formatting) -> HTML {
        let hidden = doseFields(regimen: regimen, day: slot.day, time: slot.time, csrf: csrf, back: back)
        if slot.logged != nil {
            return
                #"<form method="post" action="\#(DoseRoutes.mark.pattern)" class="dose-actions">\#(hidden)<button name="action" value="undo" type="submit">\#(format.t("doses.undo"))</button></form>"#
        }
        if state == .skipped { return .empty }
        let id = "at-\(regimen)-\(slot.day)-\(slot.time)"
        // A dose of an earlier day is recorded at its time unless told otherwise: the time is
        // asked in the open, filled with the dose's time, so nobody records "08:00" unawares.
        let earlierDay = slot.day < today
        let at: HTML = #"<label for="\#(id)">\#(format.t("doses.given_at_time"))</label><input id="\#(id)" type="time" name="at""#
        let given: HTML = #"<button class="primary" name="action" value="given" type="submit">\#(format.t("doses.mark_given"))</button> "#
        return #"""
            <form method="post" action="\#(DoseRoutes.mark.pattern)" class="dose-actions">\#(hidden)\#(earlierDay ? at + #" value="\#(format.minutes(slot.minutes))"> "# + given : given)\#
            <details><summary>\#(format.t(earlierDay ? "doses.skip_instead" : "doses.more"))</summary>\#(earlierDay ? .empty : at + "> ")\#
            <label for="r-\#(id)">\#(format.t("doses.skip_reason"))</label><input id="r-\#(id)" name="reason"> \#
            <button name="action" value="skipped" type="submit">\#(format.t("doses.mark_skipped"))</button></details></form>
            """#
    }
}
