import HearthCore
import HearthHTML
import HearthStore

/// Medicines' section of a report: each regimen as a doctor reads it (product, ingredients,
/// amount, times, start, adherence with the missed doses, next dose), the DUR lists' notes,
/// and on the calendar's days a ✕ for a dose nobody marked and a letter of its own for one
/// skipped on purpose (a skip with its reason is no missed dose: one meaning a mark).
struct MedicinesReportHTML {
    let medicines: MedicinesReport
    let shown: ShownReport
    var format: Formatting { shown.format }

    static func sections(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        let medicines = try MedicinesReport.read(shown.report, in: snapshot)
        let html = MedicinesReportHTML(medicines: medicines, shown: shown)
        let format = shown.format
        let notGiven = medicines.regimens.flatMap(\.missed)
        let skipped = notGiven.filter { $0.state(at: shown.report.now) == .skipped }
        let missed = ReportSection.CalendarMark(
            days: Set(notGiven.filter { $0.state(at: shown.report.now) != .skipped }.map(\.day)),
            mark: #"<abbr class="missed" title="\#(format.t("report.missed_dose"))">✕</abbr>"#, legend: "✕ \(format.t("report.missed_dose"))")
        let skips = ReportSection.CalendarMark(
            days: Set(skipped.map(\.day)),
            mark: #"<abbr class="skipped" title="\#(format.t("report.skipped_dose"))">\#(format.t("report.mark.skipped_dose"))</abbr>"#,
            legend: "\(format.t("report.mark.skipped_dose")) \(format.t("report.skipped_dose"))")
        return [
            ReportSection(
                rank: 70, html: html.regimens() + html.interactions(), recorded: !medicines.regimens.isEmpty || !medicines.interactions.isEmpty,
                calendarMarks: [missed, skips])
        ]
    }

    /// One row per regimen, as a doctor or a vet reads it: what is given (the catalogue's product,
    /// its ingredients and strength, the amount a dose), how and since when, how much of it was
    /// given with the missed doses' dates, and when the next dose is.
    func regimens() -> HTML {
        guard !medicines.regimens.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + shown.html.heading("report.medicines")
        html += shown.html.table("report.medicine", "report.how_given", "report.adherence", "report.missed", "report.next_dose")
        for line in medicines.regimens {
            let adherence =
                line.adherence.fraction.map { "\(Int(($0 * 100).rounded()))% (\(line.adherence.given)/\(line.adherence.due))" }
                ?? asNeeded(line) ?? noneDue(line.regimen.schedule, from: shown.report.from)
            let missed = line.missed.isEmpty ? "—" : line.missed.map(missedText).joined(separator: "; ")
            let changed = line.changed > 0 ? " · " + format.t("report.doses_changed", ["n": String(line.changed)]) : ""
            html +=
                #"<tr><td>\#(what(line))</td><td>\#(how(line.regimen))</td><td>\#(adherence)\#(changed)</td><td>\#(missed)</td><td>\#(next(line))</td></tr>"#
        }
        html += "</tbody></table>"
        let chart = ReportRoutes.medicationChart(shown.report.subject.id, YearMonth(shown.report.to))
        html += #"<p class="report-link"><a href="\#(chart)">\#(format.t("report.mar.link"))</a></p>"#
        return html + "</div>"
    }

    /// "혈압약 (for: high blood pressure)" over each item: "노바스크정5mg 1정 — 암로디핀베실산염 6.94mg · 정제 · 한국화이자".
    private func what(_ line: MedicinesReport.Line) -> HTML {
        var html: HTML = "<strong>\(line.regimen.name)</strong>"
        if let purpose = line.regimen.purpose { html += #" <span class="meta">(\#(purpose))</span>"# }
        for item in line.regimen.items(from: shown.report.from, to: shown.report.to) {
            let product = item.input.medicineID.flatMap { medicines.catalogue[$0] }
            html += "<br>\(product?.name ?? item.input.name) \(item.input.doseText)"
            if let product, product.name != item.input.name { html += #" <span class="meta">(\#(item.input.name))</span>"# }
            let label = [product?.input.ingredients.map(IngredientText.readable), product?.input.form, product?.input.company].compactMap { $0 }.filter {
                !$0.isEmpty
            }
            if !label.isEmpty { html += #"<br><span class="meta">\#(label.joined(separator: " · "))</span>"# }
            if let removed = item.removedOn {
                html += #"<br><span class="meta">\#(format.t("report.item_until", ["date": format.dayHeading(removed)]))</span>"#
            }
        }
        return html
    }

    /// The schedule ("Every day at 08:00, 20:00 · from …"), and the first start when it changed since.
    private func how(_ regimen: Regimen) -> String {
        var text = format.schedule(regimen.schedule)
        if let first = regimen.spans.first?.schedule.start, first != regimen.schedule.start {
            text += " · " + format.t("report.first_started", ["date": format.dayHeading(first)])
        }
        return text
    }

    /// The next dose from the moment the report is read, or why there is none: a short day and
    /// its time, which no line break splits (a phone once showed "20:0 / 0", a PDF five lines).
    private func next(_ line: MedicinesReport.Line) -> HTML {
        if let next = line.next { return Self.when(next, format: format) }
        if case .asNeeded = line.regimen.schedule.repeatRule { return "\(format.t("report.as_needed"))" }
        return line.regimen.hasEnded(by: shown.report.today) ? "\(format.t("report.ended"))" : "—"
    }

    /// "12월 8일 (화) 08:00", or "지금: 08:00" for the dose due now: the report's and the MAR's.
    static func when(_ next: MedicinesReport.NextDose, format: Formatting) -> HTML {
        let when: HTML = #"<span class="nowrap">\#(format.doseDay(next.day))</span> <span class="nowrap">\#(format.minutes(next.minutes))</span>"#
        return next.dueNow ? "\(format.t("report.due_now_before")) " + when : when
    }

    /// The pairs and cautions the DUR lists name among the person's medicines, in the lists' words.
    func interactions() -> HTML {
        guard !medicines.interactions.isEmpty else { return .empty }
        return #"<div class="report-block">"# + shown.html.heading("interactions.report_heading")
            + InteractionHTML.render(medicines.interactions, format: format, links: false) + "</div>"
    }

    /// An as-needed regimen's uses, counted with their times: "as needed — 2 times: 3 Nov 08:12; 5 Nov 21:30".
    private func asNeeded(_ line: MedicinesReport.Line) -> String? {
        guard case .asNeeded = line.regimen.schedule.repeatRule, !line.uses.isEmpty else { return nil }
        let times = line.uses.compactMap { slot in slot.logged?.givenAt.map { format.dayHeading(slot.day) + " " + format.clock($0) } }
        return format.t("report.as_needed_uses", ["n": String(line.uses.count), "times": times.joined(separator: "; ")])
    }

    /// A regimen with no dose whose time has come in the span: taken as needed, or (a monthly
    /// pill whose day is still ahead) next due on its day.
    private func noneDue(_ schedule: CareSchedule, from first: LocalDate) -> String {
        if case .asNeeded = schedule.repeatRule { return format.t("report.as_needed") }
        // The next day from today on, not the plan's first: a report read on the 27th of a plan
        // that began on the 1st says when its next dose comes.
        let today = LocalDate(shown.report.now, in: format.timeZone)
        guard let next = schedule.firstDay(from: max(first, today)) else { return format.t("report.none_due") }
        return format.t("report.next_due", ["day": format.dayHeading(next)])
    }

    /// "3 Nov 08:00 (vomited)": a dose whose time came and that was not given.
    private func missedText(_ slot: DoseSlot) -> String {
        let when = format.dayHeading(slot.day) + " " + format.minutes(slot.minutes)
        let changed = slot.logged?.changed == true ? ", " + format.t("doses.changed") : ""
        if let reason = slot.logged?.reason { return "\(when) (\(reason)\(changed))" }
        return slot.logged?.status == .skipped ? "\(when) (\(format.t("report.skipped"))\(changed))" : when
    }

}
