import HearthCore
import HearthHTML
import HearthStore

/// The medication chart (MAR) as one table for A4 landscape: a row per regimen and dose time,
/// a column per day, each cell the initials of who gave the dose or a code (skipped with its
/// reason in a footnote, missed, due now, still to come, not due; the count for as-needed),
/// a last column with the row's doses given of those due, and the codes and initials at the foot.
struct MedicationChartHTML {
    let chart: MedicationChart
    let format: Formatting

    /// The chart in its section (the print stylesheet turns the sheet for it).
    func render() -> HTML { #"<section class="report-mar">"# + table() + "</section>" }

    private func table() -> HTML {
        guard !chart.rows.isEmpty else { return #"<p class="empty">\#(format.t("report.mar.empty"))</p>"# }
        let initials = Self.initials(chart.rows.flatMap { row in row.cells.values.compactMap { if case .given(let by, _) = $0 { by } else { nil } } })
        var notes: [String] = []
        // Scrolled sideways on a phone: a region the keyboard can reach and a screen reader names.
        var html: HTML =
            #"<div class="mar-scroll" tabindex="0" role="region" aria-label="\#(format.t("report.mar.medicine"))"><table class="mar-chart"><thead><tr><th scope="col">\#(format.t("report.mar.medicine"))</th>"#
        for day in chart.days {
            let weekend = day.weekday == 1 || day.weekday == 7 ? #" class="weekend""# : ""
            html +=
                #"<th scope="col"\#(weekend)><abbr title="\#(format.dayHeading(day))">\#(day.day)</abbr><br><small>\#(format.t("calendar.weekday_short.\(day.weekday)"))</small></th>"#
        }
        html += #"<th scope="col">\#(format.t("report.mar.total"))</th></tr></thead><tbody>"#
        for row in chart.rows {
            html += "<tr><th scope=\"row\">\(heading(row))</th>"
            var given = 0, due = 0, uses = 0
            for day in chart.days {
                let weekend = day.weekday == 1 || day.weekday == 7 ? " weekend" : ""
                guard let cell = row.cells[day] else {
                    html += #"<td class="none\#(weekend)">–</td>"#
                    continue
                }
                switch cell {
                case .given(let by, let changed):
                    given += 1
                    due += 1
                    html += #"<td class="given\#(weekend)">\#(by.flatMap { initials[$0] } ?? "?")\#(changed ? "*" : "")</td>"#
                case .skipped(let reason):
                    due += 1
                    notes.append(note(day, row, reason))
                    html += #"<td class="skipped\#(weekend)">S<sup>\#(notes.count)</sup></td>"#
                case .missed:
                    due += 1
                    html += #"<td class="missed\#(weekend)">✕</td>"#
                case .dueNow:
                    // Not owed yet (as adherence counts): inside its window.
                    html += #"<td class="due\#(weekend)">!</td>"#
                case .later: html += #"<td class="later\#(weekend)"></td>"#
                case .uses(let count):
                    uses += count
                    html += #"<td class="uses\#(weekend)">\#(count)</td>"#
                }
            }
            let total = row.time == nil ? format.t("report.mar.uses_total", ["n": String(uses)]) : "\(given)/\(due)"
            html += "<td class=\"total\">\(total)</td></tr>"
        }
        html += "</tbody></table></div>"
        html += #"<p class="mar-codes">\#(format.t("report.mar.codes"))</p>"#
        if !initials.isEmpty {
            let who = initials.sorted { $0.value < $1.value }.map { "\($0.value) = \($0.key)" }.joined(separator: " · ")
            html += #"<p class="mar-codes">\#(format.t("report.mar.initials", ["who": who]))</p>"#
        }
        if !notes.isEmpty {
            html += #"<ol class="mar-notes">"# + notes.map { "<li>\($0)</li>" }.joined() + "</ol>"
        }
        return html + nextDoses()
    }

    /// Each regimen's next dose, as the report and the API say it: on a chart of a month not over.
    private func nextDoses() -> HTML {
        var seen: Set<Int64> = []
        let lines: [HTML] = chart.rows.compactMap { row in
            guard seen.insert(row.regimen.id).inserted, let next = chart.next[row.regimen.id], next.day >= chart.from, chart.to >= next.day.adding(days: -1)
            else { return nil }
            return "\(row.regimen.name) " + MedicinesReportHTML.when(next, format: format)
        }
        guard !lines.isEmpty else { return .empty }
        return #"<p class="mar-codes">\#(format.t("report.next_dose")): "# + lines.joined(separator: " · ") + "</p>"
    }

    /// "혈압약 08:00" over "노바스크정5mg 1정" (the catalogue's product where it was picked).
    private func heading(_ row: MedicationChart.Row) -> HTML {
        let when = row.time.map(format.minutes) ?? format.t("report.as_needed")
        var html: HTML = "<strong>\(row.regimen.name)</strong> \(when)"
        let items = row.regimen.items(from: chart.from, to: chart.to).map { item in
            "\(item.input.medicineID.flatMap { chart.catalogue[$0] }?.name ?? item.input.name) \(item.input.doseText)"
        }
        if !items.isEmpty { html += #"<br><span class="meta">\#(items.joined(separator: ", "))</span>"# }
        return html
    }

    /// "11월 5일 (목) 08:00 혈압약 — 잠듦".
    private func note(_ day: LocalDate, _ row: MedicationChart.Row, _ reason: String?) -> String {
        let when = format.dayHeading(day) + (row.time.map { " " + format.minutes($0) } ?? "")
        return "\(when) \(row.regimen.name) — \(reason ?? format.t("report.mar.no_reason"))"
    }

    /// Each giver's initials: a Korean name's first syllable ("엄마" → "엄"), the first letters
    /// of a name's words ("Demo Owner" → "DO"); two people who would share them get more of
    /// their name, so no two people share a mark.
    static func initials(_ names: [String]) -> [String: String] {
        let distinct = Set(names).sorted()
        func mark(_ name: String, _ length: Int) -> String {
            let words = name.split(separator: " ")
            if words.count > 1 && length == 1 { return words.compactMap(\.first).map { String($0).uppercased() }.joined() }
            return String(name.prefix(length))
        }
        var result: [String: String] = [:]
        for length in 1...8 {
            let pending = distinct.filter { result[$0] == nil }
            guard !pending.isEmpty else { break }
            let marks = Dictionary(grouping: pending) { mark($0, length) }
            let taken = Set(result.values)
            for (mark, holders) in marks where holders.count == 1 && !taken.contains(mark) { result[holders[0]] = mark }
        }
        for name in distinct where result[name] == nil { result[name] = name }
        return result
    }
}
