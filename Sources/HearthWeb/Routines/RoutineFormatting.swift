import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// Routines in the words a member reads.
extension Formatting {
    /// "토리: 양치", "집: 화장실 청소" (the house's have no subject).
    func routineTitle(_ routine: Routine, showSubject: Bool = true) -> String {
        guard showSubject else { return routine.name }
        return "\(routine.subject?.name ?? t("routines.house")): \(routine.name)"
    }

    /// "Today", "3 days overdue", "D-2 · Fri 27 Nov", with its time when it has one.
    func routineDue(_ due: RoutineDue, routine: Routine, today: LocalDate) -> String {
        let days = due.day.daysSince1970 - today.daysSince1970
        let time = routine.schedule.times.first.map { " " + minutes($0) } ?? ""
        switch due.state {
        case .overdue: return t(days == -1 ? "routines.due.overdue_one" : "routines.due.overdue", ["n": String(-days), "date": shortDay(due.day)])
        case .today: return t("routines.due.today") + time
        case .soon, .later: return t("routines.due.in", ["n": String(days), "date": shortDay(due.day)]) + time
        }
    }

    /// "엄마 차례" (in turn, or least lately), "엄마, 아빠" (any of them), nothing for anyone.
    func routineTurn(_ routine: Routine, now: Date) -> String? {
        let turn = routine.turn(now: now)
        guard !turn.isEmpty else { return nil }
        let names = turn.map(\.name).joined(separator: ", ")
        return routine.assignment == .members ? t("routines.any_of", ["names": names]) : t("routines.turn", ["names": names])
    }

    /// "Done by 엄마 at 07:00 (2 days late)", "Skipped by 아빠 — 비".
    func routineMark(_ mark: RoutineMark) -> String {
        switch mark.status {
        case .done:
            let at = mark.doneAt.map(clock) ?? ""
            var text = mark.by.map { t("routines.done_by", ["name": $0, "time": at]) } ?? t("routines.done_at", ["time": at])
            if let doneDay = mark.doneDay, mark.late {
                let days = doneDay.daysSince1970 - mark.due.daysSince1970
                text += " (" + t(days == 1 ? "routines.late_one" : "routines.late", ["n": String(days)]) + ")"
            }
            return text
        case .skipped:
            let who = mark.by.map { t("routines.skipped_by", ["name": $0]) } ?? t("routines.skipped")
            return [who, mark.reason].compactMap { $0 }.joined(separator: " — ")
        }
    }

    /// "11월 27일 (금)" / "Fri 27 Nov": the month by its name in English, as "27/11" is 27 November
    /// in the UK and nothing (or 11 March) in the US.
    func shortDay(_ day: LocalDate) -> String {
        t(
            "routines.short_day",
            [
                "month": String(day.month), "month_name": t("charts.month_short.\(day.month)"), "day": String(day.day),
                "weekday": t("regimens.weekday.\(day.weekday)"),
            ])
    }
}

/// Routines as `<li>`s: what and for whom, when it is due and whose turn, and (for members
/// who record) one tap to mark it done, with a time typed or a skip behind "more".
enum RoutineListHTML {
    /// The routine's last 30 marks, newest first, each with "undo" for a member who records.
    static func history(_ routine: Routine, canRecord: Bool, csrf: String, format: Formatting) -> HTML {
        var history = HTML.empty
        for mark in routine.marks.prefix(30) {
            history += #"<li><span class="what">\#(format.dayHeading(mark.due))</span> <span class="when">\#(format.routineMark(mark))</span>"#
            if canRecord {
                let fields = fields(due: mark.due, csrf: csrf, back: RoutineRoutes.one(routine.id))
                history +=
                    #"<form method="post" action="\#(RoutineRoutes.mark(routine.id))" class="dose-actions">\#(fields)<button name="action" value="undo" type="submit">\#(format.t("doses.undo"))</button></form>"#
            }
            history += "</li>"
        }
        return history
    }

    struct Item {
        let routine: Routine
        let due: RoutineDue?
    }

    /// `household`: every routine the member may see, to offer "done for these too" on the same
    /// routine of the other pets and people (teeth for both dogs).
    static func render(
        _ items: [Item], today: LocalDate, now: Date, canRecord: Bool, csrf: String, back: String, format: Formatting, showSubject: Bool = true,
        household: [Routine] = []
    ) -> HTML {
        var html = HTML.empty
        for item in items {
            let routine = item.routine
            let state = item.due?.state.rawValue ?? "when-needed"
            html +=
                #"<li class="routine routine-\#(state)"><span class="what"><a href="\#(RoutineRoutes.one(routine.id))">\#(format.routineTitle(routine, showSubject: showSubject))</a>"#
            if let how = routine.how { html += #" <span class="meta">\#(how)</span>"# }
            html += "</span> "
            var when = [item.due.map { format.routineDue($0, routine: routine, today: today) } ?? format.t("regimens.rule.when_needed")]
            if let turn = format.routineTurn(routine, now: now) { when.append(turn) }
            if item.due == nil, let last = routine.lastDone { when.append(format.routineMark(last)) }
            html += #"<span class="when">\#(when.joined(separator: " · "))</span>"#
            if canRecord {
                html += form(
                    routine: routine.id, due: item.due?.day, csrf: csrf, back: back, format: format, together: sameRoutine(as: routine, in: household))
            }
            html += "</li>"
        }
        return html
    }

    /// The hidden fields naming one due day of a routine (none: a routine done when needed).
    static func fields(due: LocalDate?, csrf: String, back: String) -> HTML {
        var html: HTML = #"<input type="hidden" name="_csrf" value="\#(csrf)"><input type="hidden" name="back" value="\#(back)">"#
        if let due { html += #"<input type="hidden" name="due" value="\#(due.description)">"# }
        return html
    }

    /// The same routine (by name) of the other subjects.
    static func sameRoutine(as routine: Routine, in household: [Routine]) -> [Routine] {
        guard routine.subject != nil else { return [] }
        return household.filter { $0.id != routine.id && $0.subject != nil && $0.name.caseInsensitiveCompare(routine.name) == .orderedSame }
    }

    static func form(routine: Int64, due: LocalDate?, csrf: String, back: String, format: Formatting, together: [Routine] = []) -> HTML {
        let id = "routine-\(routine)-\(due?.description ?? "now")"
        var also = HTML.empty
        if !together.isEmpty {
            also += #"<fieldset class="choices"><legend>\#(format.t("routines.also_done"))</legend>"#
            for other in together {
                also += #"<label class="choice"><input type="checkbox" name="also_\#(other.id)"> \#(other.subject?.name ?? "")</label>"#
            }
            also += "</fieldset>"
        }
        let skip: HTML =
            due == nil
            ? .empty
            : #"<label for="r-\#(id)">\#(format.t("doses.skip_reason"))</label><input id="r-\#(id)" name="reason"> <button name="action" value="skipped" type="submit">\#(format.t("routines.mark_skipped"))</button>"#
        return #"""
            <form method="post" action="\#(RoutineRoutes.mark(routine))" class="dose-actions">\#(fields(due: due, csrf: csrf, back: back))<button class="primary" name="action" value="done" type="submit">\#(format.t("routines.mark_done"))</button> \#
            <details><summary>\#(format.t("doses.more"))</summary>\#(also)<label for="\#(id)">\#(format.t("routines.done_at_time"))</label><input id="\#(id)" type="time" name="at"> \#
            <button name="action" value="done" type="submit">\#(format.t("routines.mark_done_at"))</button> \#(skip)</details></form>
            """#
    }

    /// Every routine with what is due next, the soonest first (those done when needed last).
    static func byDue(_ routines: [Routine], today: LocalDate) -> [Item] {
        routines.map { Item(routine: $0, due: $0.due(today: today)) }
            .sorted { ($0.due?.day.daysSince1970 ?? .max, $0.routine.name) < ($1.due?.day.daysSince1970 ?? .max, $1.routine.name) }
    }

    /// What the home page and a subject's card show: overdue, today and due soon, soonest first.
    static func needing(_ routines: [Routine], today: LocalDate) -> [Item] {
        routines.compactMap { routine in routine.due(today: today).map { Item(routine: routine, due: $0) } }
            .filter { $0.due!.state != .later }
            .sorted { ($0.due!.day, $0.routine.name) < ($1.due!.day, $1.routine.name) }
    }
}
