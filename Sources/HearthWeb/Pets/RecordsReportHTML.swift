import Foundation
import HearthCharts
import HearthCore
import HearthHTML
import HearthStore

/// The records' sections of a report: weight (with its chart and its change in percent), meals
/// with the appetite and toilets with the stools by score (pets), symptoms by severity and
/// vomits, the diary with a few photos — the figures a vet asks for first.
struct RecordsReportHTML {
    let records: RecordsReport
    let shown: ShownReport
    var report: SubjectReport { shown.report }
    var format: Formatting { shown.format }

    static func sections(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        let html = RecordsReportHTML(records: try RecordsReport.read(shown.report, in: snapshot), shown: shown)
        let pet = shown.report.subject.kind == .pet
        return [
            ReportSection(rank: 10, html: html.weight()),
            ReportSection(rank: 20, html: pet ? html.meals() : .empty),
            ReportSection(rank: 30, html: pet ? html.toilets() : .empty),
            ReportSection(rank: 40, html: html.symptoms()),
            ReportSection(rank: 90, html: html.diary()),
        ]
    }

    func weight() -> HTML {
        guard let first = records.weights.first, let last = records.weights.last else { return .empty }
        let unit = report.subject.petWeightUnit ?? shown.html.weightUnit
        let decimals = unit == .g ? 0 : 2
        func text(_ grams: Double) -> String { "\(format.number(grams / unit.gramsPerUnit, decimals: decimals)) \(unit.rawValue)" }
        let grams = records.weights.map(\.grams)
        let change = last.grams - first.grams
        // The share of the first weighing, as the flags' weight rule measures it.
        let percent = first.grams > 0 ? change / first.grams * 100 : 0
        let sign = { (value: Double) in value >= 0 ? "+" : "−" }
        var html = #"<div class="report-block">"# + shown.html.heading("report.weight")
        html +=
            #"<p>\#(format.t("report.weight_figures", ["first": text(first.grams), "last": text(last.grams), "change": sign(change) + text(abs(change)), "percent": sign(percent) + format.number(abs(percent), decimals: 1) + "%", "low": text(grams.min() ?? first.grams), "high": text(grams.max() ?? first.grams), "count": String(grams.count)]))</p>"#
        if records.weights.count >= 2 {
            let period = ChartPeriod(from: report.from, to: report.to)
            // Gathered as the chart's points are (a day, a week or a month by the span's length):
            // keyed by day, a 90-day span's weekly points found none.
            let byBucket = Dictionary(grouping: records.weights) { period.bucket.start(of: $0.day) }
            let figures = byBucket.sorted { $0.key < $1.key }.map {
                BucketFigure(start: $0.key, total: $0.value.map(\.grams).reduce(0, +), days: $0.value.count, kcal: nil)
            }
            let section = shown.html.charts.section(
                "weight", id: "weight-\(report.subject.id)", figures: figures, period: period, words: ChartWords(format: format, period: period), style: .line,
                value: { $0.perDay / unit.gramsPerUnit }, text: { "\(format.number($0, decimals: decimals)) \(unit.rawValue)" }, summary: [])
            html += #"<figure class="report-chart">\#(section.chart)</figure>"#
        }
        return html + "</div>"
    }

    func meals() -> HTML {
        guard !records.foods.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + shown.html.heading("report.meals")
        let meals = records.appetite.values.reduce(0, +)
        if meals > 0 {
            var counts = ["count": String(meals)]
            for outcome in MealOutcome.allCases { counts[outcome.rawValue] = String(records.appetite[outcome] ?? 0) }
            html += #"<p>\#(format.t("report.appetite", counts))</p>"#
        }
        html += shown.html.table("report.food", "report.times", "report.amount", "report.refused")
        for food in records.foods {
            let amount = food.amount.map { "\(format.number($0, decimals: 0)) \(format.t("pets.amount_unit.\(food.unit)"))" } ?? "—"
            html +=
                #"<tr><td>\#(food.name) <span class="meta">\#(format.t("pets.food_kind.\(food.kind)"))</span></td><td>\#(food.times)</td><td>\#(amount)</td><td>\#(food.refused)</td></tr>"#
        }
        return html + "</tbody></table></div>"
    }

    func toilets() -> HTML {
        let toilets = records.toilets
        guard toilets.count > 0 else { return .empty }
        var html = #"<div class="report-block">"# + shown.html.heading("report.toilets")
        html +=
            #"<p>\#(format.t("report.toilet_figures", ["count": String(toilets.count), "urine": String(toilets.urine), "stool": String(toilets.stool), "score": toilets.averageScore.map { format.number($0, decimals: 1) } ?? "—"]))</p>"#
        if toilets.stool > 0 {
            let scores = (1...7).compactMap { score in toilets.scores[score].map { format.t("report.stool_score", ["score": String(score), "n": String($0)]) } }
            html +=
                #"<p>\#(format.t("report.stools_by_kind", ["scores": scores.isEmpty ? "—" : scores.joined(separator: " · "), "blood": String(toilets.blood), "mucus": String(toilets.mucus)]))</p>"#
        }
        if !toilets.unusualDays.isEmpty {
            html += #"<p>\#(format.t("report.toilet_unusual", ["days": toilets.unusualDays.map(format.dayHeading).joined(separator: ", ")]))</p>"#
        }
        return html + "</div>"
    }

    func symptoms() -> HTML {
        guard !records.symptoms.isEmpty else { return .empty }
        let vomits = records.symptoms.filter { $0.kind == "vomit" }
        var html = #"<div class="report-block">"# + shown.html.heading("report.symptoms")
        let severities = records.symptoms.compactMap(\.severity)
        // Vomits counted as the flags count them: a record of "3 times" is three.
        html +=
            #"<p>\#(format.t("report.symptom_figures", ["symptoms": String(records.symptoms.count - vomits.count), "vomits": String(vomits.map(\.times).reduce(0, +)), "days": String(Set(records.symptoms.map(\.day)).count), "worst": severities.max().map(String.init) ?? "—"]))</p>"#
        if !severities.isEmpty {
            let counts = (1...5).reversed().compactMap { level in
                let n = severities.count { $0 == level }
                return n == 0
                    ? nil : format.t("report.severity_count", ["severity": String(level), "label": format.t("pets.severity.\(level)"), "n": String(n)])
            }
            html += #"<p>\#(format.t("report.by_severity", ["counts": counts.joined(separator: " · ")]))</p>"#
        }
        html += shown.html.table("report.when", "report.what", "report.severity")
        for symptom in records.symptoms {
            let what =
                symptom.kind == "vomit"
                ? format.t("pets.kind.vomit") : symptom.signs.split(separator: ",").map { format.t("pets.symptom.\($0)") }.joined(separator: ", ")
            let note = symptom.note.map { " — \($0)" } ?? ""
            html +=
                #"<tr><td>\#(format.dayHeading(symptom.day)) \#(format.clock(symptom.at))</td><td>\#(what + note)</td><td>\#(symptom.severity.map { "\($0)/5" } ?? "—")</td></tr>"#
        }
        return html + "</tbody></table></div>"
    }

    func diary() -> HTML {
        guard !records.diary.isEmpty || !records.photos.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + shown.html.heading("report.diary")
        if !records.diary.isEmpty {
            html += "<ul>"
            for entry in records.diary {
                let text = [entry.title, entry.body.map { $0.count > 200 ? String($0.prefix(200)) + "…" : $0 }].compactMap { $0 }.joined(separator: " — ")
                html += #"<li>\#(format.dayHeading(entry.day)): \#(text)</li>"#
            }
            html += "</ul>"
        }
        if !records.photos.isEmpty {
            html += #"<ul class="report-photos">"#
            for sha in records.photos {
                html +=
                    #"<li><img src="\#(PhotoURL.thumbnail(sha))" width="320" height="320" alt="\#(format.t("report.photo_alt", ["name": report.subject.name]))"></li>"#
            }
            html += "</ul>"
        }
        return html + "</div>"
    }
}
