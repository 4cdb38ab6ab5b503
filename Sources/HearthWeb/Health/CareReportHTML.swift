import HearthCore
import HearthHTML
import HearthStore

/// Care's sections of a pet's report: the vaccinations given and what is due, the vet visits
/// with their costs.
struct CareReportHTML {
    let care: CareReport
    let shown: ShownReport
    var format: Formatting { shown.format }

    static func sections(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        guard shown.report.subject.kind == .pet else { return [] }
        let html = CareReportHTML(care: try CareReport.read(shown.report, in: snapshot), shown: shown)
        return [ReportSection(rank: 50, html: html.vaccinations()), ReportSection(rank: 60, html: html.visits())]
    }

    func vaccinations() -> HTML {
        guard !care.vaccinations.isEmpty || !care.due.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + shown.html.heading("report.vaccinations")
        if !care.vaccinations.isEmpty {
            html += "<ul>"
            for given in care.vaccinations {
                html +=
                    #"<li>\#(format.dayHeading(given.day)): \#(given.vaccines.map { format.vaccine($0.code, $0.name) }.joined(separator: ", "))\#(given.clinic.map { " · \($0)" } ?? "")</li>"#
            }
            html += "</ul>"
        }
        if !care.due.isEmpty {
            html += #"<p><strong>\#(format.t("report.due"))</strong></p><ul>"#
            for due in care.due {
                html +=
                    #"<li>\#(format.dueLabel(due.what)) — \#(format.dayHeading(due.date))\#(due.status == .overdue ? " (\(format.t("report.overdue")))" : "")</li>"#
            }
            html += "</ul>"
        }
        return html + "</div>"
    }

    func visits() -> HTML {
        guard !care.visits.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + shown.html.heading("report.visits")
        html += shown.html.table("report.when", "report.clinic", "report.reason_diagnosis", "report.cost")
        var totals: [String: Double] = [:]
        for visit in care.visits {
            let cost = visit.cost.map { "\(format.number($0, decimals: 0)) \(visit.currency ?? "")" } ?? "—"
            if let amount = visit.cost { totals[visit.currency ?? "", default: 0] += amount }
            let what = [visit.reason, visit.diagnosis.map { "\(format.t("report.diagnosis")): \($0)" }, visit.treatment].compactMap { $0 }.joined(
                separator: " · ")
            html += #"<tr><td>\#(format.dayHeading(visit.day))</td><td>\#(visit.clinic ?? "—")</td><td>\#(what)</td><td>\#(cost)</td></tr>"#
        }
        html += "</tbody></table>"
        if !totals.isEmpty {
            html +=
                #"<p>\#(format.t("report.cost_total", ["total": totals.sorted { $0.key < $1.key }.map { "\(format.number($0.value, decimals: 0)) \($0.key)" }.joined(separator: " + ")]))</p>"#
        }
        return html + "</div>"
    }
}
