import Foundation
import HearthCharts
import HearthCore
import HearthHTML
import HearthStore

/// A subject's report as HTML: the calendar with markers, then one section per area that has
/// anything in the span, each a heading kept with what follows it. Written in Swift: a
/// household's month is a long document of small tables, and this is its one shape.
struct ReportHTML {
    let format: Formatting
    let charts: ChartsController
    let weightUnit: BodyWeightUnit
    let volumeUnit: VolumeUnit

    func subject(_ report: SubjectReport, id: String) -> HTML {
        let subject = report.subject
        var html: HTML = #"<section class="report-subject" id="\#(id)" aria-labelledby="\#(id)-name">"#
        html += #"<h2 id="\#(id)-name">\#(subject.name) <span class="meta">· \#(span(report.from, report.to))</span></h2>"#
        for month in months(report.from, report.to) { html += calendar(month, report) }
        html += weight(report)
        if subject.kind == .pet { html += meals(report) + toilets(report) }
        html += symptoms(report)
        if subject.kind == .pet { html += vaccinations(report) + visits(report) }
        html += medicines(report)
        if subject.kind == .person { html += waterAndSteps(report) }
        html += diary(report)
        if report.recordCount == 0 && report.regimens.isEmpty && report.days.allSatisfy({ $0.waterML == nil && $0.steps == nil }) {
            html += #"<p class="meta">\#(format.t("report.nothing"))</p>"#
        }
        return html + "</section>"
    }

    func span(_ from: LocalDate, _ to: LocalDate) -> String {
        let month = YearMonth(from)
        if from == month.firstDay && to == month.lastDay { return format.monthHeading(month) }
        return "\(format.dayHeading(from)) – \(format.dayHeading(to))"
    }

    private func months(_ from: LocalDate, _ to: LocalDate) -> [YearMonth] {
        var months: [YearMonth] = []
        var month = YearMonth(from)
        while month <= YearMonth(to) {
            months.append(month)
            month = month.next
        }
        return months
    }

    /// The month as a grid, each day with a letter per kind of record (the legend says which):
    /// letters print in black and white where coloured dots would not.
    private func calendar(_ month: YearMonth, _ report: SubjectReport) -> HTML {
        let grid = MonthGrid(month, firstWeekday: format.language == .ko ? 1 : 2)
        var html: HTML = #"<figure class="report-calendar"><table><caption>\#(span(month.firstDay, month.lastDay))</caption><thead><tr>"#
        for weekday in grid.columns { html += #"<th scope="col">\#(format.t("calendar.weekday_short.\(weekday)"))</th>"# }
        html += "</tr></thead><tbody>"
        let missedDays = Set(report.regimens.flatMap { $0.missed.map(\.day) })
        // Only the weeks the span touches: the vet's 90 days begin and end inside months.
        for week in grid.weeks where week.contains(where: { $0 >= report.from && $0 <= report.to && YearMonth($0) == month }) {
            html += "<tr>"
            for day in week {
                guard YearMonth(day) == month, day >= report.from, day <= report.to else {
                    html += #"<td class="outside"></td>"#
                    continue
                }
                let kinds = (report.kindsByDay[day] ?? []).sorted()
                let marks = kinds.map { kind -> HTML in #"<abbr title="\#(format.t("pets.kind.\(kind)"))">\#(format.t("report.mark.\(kind)"))</abbr>"# }.joined(
                    separator: " ")
                let missed: HTML = missedDays.contains(day) ? #" <abbr class="missed" title="\#(format.t("report.missed_dose"))">✕</abbr>"# : .empty
                html += #"<td><span class="day">\#(day.day)</span> \#(marks)\#(missed)</td>"#
            }
            html += "</tr>"
        }
        html += "</tbody></table>"
        let used = Set(report.kindsByDay.values.flatMap { $0 }).sorted()
        if !used.isEmpty || !missedDays.isEmpty {
            let legend =
                used.map { "\(format.t("report.mark.\($0)")) \(format.t("pets.kind.\($0)"))" }
                + (missedDays.isEmpty ? [] : ["✕ \(format.t("report.missed_dose"))"])
            html += #"<figcaption class="legend">\#(legend.joined(separator: " · "))</figcaption>"#
        }
        return html + "</figure>"
    }

    private func heading(_ key: String) -> HTML { #"<h3>\#(format.t(key))</h3>"# }

    /// A table's start: its column headings, then the body the caller fills and closes.
    private func table(_ headingKeys: String...) -> HTML {
        let headings = headingKeys.map { key -> HTML in #"<th scope="col">\#(format.t(key))</th>"# }.joined()
        return #"<table class="report-table"><thead><tr>\#(headings)</tr></thead><tbody>"#
    }

    private func weight(_ report: SubjectReport) -> HTML {
        guard let first = report.weights.first, let last = report.weights.last else { return .empty }
        let unit = report.subject.petWeightUnit ?? weightUnit
        let decimals = unit == .g ? 0 : 2
        func text(_ grams: Double) -> String { "\(format.number(grams / unit.gramsPerUnit, decimals: decimals)) \(unit.rawValue)" }
        let grams = report.weights.map(\.grams)
        let change = last.grams - first.grams
        var html = #"<div class="report-block">"# + heading("report.weight")
        html +=
            #"<p>\#(format.t("report.weight_figures", ["first": text(first.grams), "last": text(last.grams), "change": (change >= 0 ? "+" : "−") + text(abs(change)), "low": text(grams.min()!), "high": text(grams.max()!), "count": String(grams.count)]))</p>"#
        if report.weights.count >= 2 {
            let period = ChartPeriod(from: report.from, to: report.to)
            // Gathered as the chart's points are (a day, a week or a month by the span's length):
            // keyed by day, a 90-day span's weekly points found none.
            let byBucket = Dictionary(grouping: report.weights) { period.bucket.start(of: $0.day) }
            let figures = byBucket.sorted { $0.key < $1.key }.map {
                BucketFigure(start: $0.key, total: $0.value.map(\.grams).reduce(0, +), days: $0.value.count, kcal: nil)
            }
            let section = charts.section(
                "weight", figures: figures, period: period, words: ChartWords(format: format, period: period), style: .line,
                value: { $0.perDay / unit.gramsPerUnit }, text: { "\(format.number($0, decimals: decimals)) \(unit.rawValue)" }, summary: [])
            html += #"<figure class="report-chart">\#(section.chart)</figure>"#
        }
        return html + "</div>"
    }

    private func meals(_ report: SubjectReport) -> HTML {
        guard !report.foods.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + heading("report.meals")
        html += table("report.food", "report.times", "report.amount", "report.refused")
        for food in report.foods {
            let amount = food.amount.map { "\(format.number($0, decimals: 0)) \(format.t("pets.amount_unit.\(food.unit)"))" } ?? "—"
            html +=
                #"<tr><td>\#(food.name) <span class="meta">\#(format.t("pets.food_kind.\(food.kind)"))</span></td><td>\#(food.times)</td><td>\#(amount)</td><td>\#(food.refused)</td></tr>"#
        }
        return html + "</tbody></table></div>"
    }

    private func toilets(_ report: SubjectReport) -> HTML {
        let toilets = report.toilets
        guard toilets.count > 0 else { return .empty }
        var html = #"<div class="report-block">"# + heading("report.toilets")
        html +=
            #"<p>\#(format.t("report.toilet_figures", ["count": String(toilets.count), "urine": String(toilets.urine), "stool": String(toilets.stool), "score": toilets.averageScore.map { format.number($0, decimals: 1) } ?? "—"]))</p>"#
        if !toilets.unusualDays.isEmpty {
            html += #"<p>\#(format.t("report.toilet_unusual", ["days": toilets.unusualDays.map(format.dayHeading).joined(separator: ", ")]))</p>"#
        }
        return html + "</div>"
    }

    private func symptoms(_ report: SubjectReport) -> HTML {
        guard !report.symptoms.isEmpty else { return .empty }
        let vomits = report.symptoms.filter { $0.kind == "vomit" }
        var html = #"<div class="report-block">"# + heading("report.symptoms")
        let worst = report.symptoms.compactMap(\.severity).max()
        html +=
            #"<p>\#(format.t("report.symptom_figures", ["symptoms": String(report.symptoms.count - vomits.count), "vomits": String(vomits.count), "days": String(Set(report.symptoms.map(\.day)).count), "worst": worst.map(String.init) ?? "—"]))</p>"#
        html += table("report.when", "report.what", "report.severity")
        for symptom in report.symptoms {
            let what =
                symptom.kind == "vomit"
                ? format.t("pets.kind.vomit") : symptom.signs.split(separator: ",").map { format.t("pets.symptom.\($0)") }.joined(separator: ", ")
            let note = symptom.note.map { " — \($0)" } ?? ""
            html +=
                #"<tr><td>\#(format.dayHeading(symptom.day)) \#(format.clock(symptom.at))</td><td>\#(what + note)</td><td>\#(symptom.severity.map { "\($0)/5" } ?? "—")</td></tr>"#
        }
        return html + "</tbody></table></div>"
    }

    private func vaccinations(_ report: SubjectReport) -> HTML {
        guard !report.vaccinations.isEmpty || !report.due.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + heading("report.vaccinations")
        if !report.vaccinations.isEmpty {
            html += "<ul>"
            for given in report.vaccinations {
                html +=
                    #"<li>\#(format.dayHeading(given.day)): \#(given.vaccines.map { format.vaccine($0.code, $0.name) }.joined(separator: ", "))\#(given.clinic.map { " · \($0)" } ?? "")</li>"#
            }
            html += "</ul>"
        }
        if !report.due.isEmpty {
            html += #"<p><strong>\#(format.t("report.due"))</strong></p><ul>"#
            for due in report.due {
                html +=
                    #"<li>\#(format.dueLabel(due.what)) — \#(format.dayHeading(due.date))\#(due.status == .overdue ? " (\(format.t("report.overdue")))" : "")</li>"#
            }
            html += "</ul>"
        }
        return html + "</div>"
    }

    private func visits(_ report: SubjectReport) -> HTML {
        guard !report.visits.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + heading("report.visits")
        html += table("report.when", "report.clinic", "report.reason_diagnosis", "report.cost")
        var totals: [String: Double] = [:]
        for visit in report.visits {
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

    private func medicines(_ report: SubjectReport) -> HTML {
        guard !report.regimens.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + heading("report.medicines")
        html += table("report.regimen", "report.adherence", "report.missed")
        for line in report.regimens {
            let adherence =
                line.adherence.fraction.map { "\(Int(($0 * 100).rounded()))% (\(line.adherence.given)/\(line.adherence.due))" }
                ?? noneDue(line.regimen.schedule, from: report.from)
            let missed = line.missed.isEmpty ? "—" : line.missed.map(missedText).joined(separator: "; ")
            html += #"<tr><td>\#(line.regimen.name)</td><td>\#(adherence)</td><td>\#(missed)</td></tr>"#
        }
        return html + "</tbody></table></div>"
    }

    /// A regimen with no dose whose time has come in the span: taken as needed, or (a monthly
    /// pill whose day is still ahead) next due on its day.
    private func noneDue(_ schedule: DoseSchedule, from first: LocalDate) -> String {
        if case .asNeeded = schedule.repeatRule { return format.t("report.as_needed") }
        guard let next = schedule.firstDay(from: first) else { return format.t("report.none_due") }
        return format.t("report.next_due", ["day": format.dayHeading(next)])
    }

    /// "3 Nov 08:00 (vomited)": a dose whose time came and that was not given.
    private func missedText(_ slot: DoseSlot) -> String {
        let when = format.dayHeading(slot.day) + " " + format.minutes(slot.minutes)
        if let reason = slot.logged?.reason { return "\(when) (\(reason))" }
        return slot.logged?.status == .skipped ? "\(when) (\(format.t("report.skipped")))" : when
    }

    private func waterAndSteps(_ report: SubjectReport) -> HTML {
        let logged = report.days.filter { $0.waterML != nil || $0.steps != nil }
        guard !logged.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + heading("report.water_steps")
        let waterDays = report.days.filter { $0.waterML != nil }, stepDays = report.days.filter { $0.steps != nil }
        let volume = volumeUnit
        // Met or not is counted over the days that had a goal; with none, the report says so.
        func figures(
            _ key: String, average: String, days: [SubjectReport.Day], goal: (SubjectReport.Day) -> Int?, value: (SubjectReport.Day) -> Int?,
            text: (Int) -> String
        ) -> HTML {
            let withGoal = days.filter { goal($0) != nil }
            guard let lastGoal = withGoal.last.flatMap(goal) else {
                return #"<p>\#(format.t(key + "_no_goal", ["average": average]))</p>"#
            }
            let met = withGoal.filter { (value($0) ?? 0) >= goal($0)! }.count
            return #"<p>\#(format.t(key, ["average": average, "met": String(met), "days": String(withGoal.count), "goal": text(lastGoal)]))</p>"#
        }
        if !waterDays.isEmpty {
            let average = waterDays.compactMap(\.waterML).reduce(0, +) / waterDays.count
            html += figures("report.water_figures", average: format.volume(ml: average, unit: volume), days: waterDays, goal: \.goals.waterML, value: \.waterML)
            {
                format.volume(ml: $0, unit: volume)
            }
        }
        if !stepDays.isEmpty {
            let average = stepDays.compactMap(\.steps).reduce(0, +) / stepDays.count
            html += figures("report.steps_figures", average: format.number(Double(average), decimals: 0), days: stepDays, goal: \.goals.steps, value: \.steps) {
                format.number(Double($0), decimals: 0)
            }
        }
        return html + "</div>"
    }

    private func diary(_ report: SubjectReport) -> HTML {
        guard !report.diary.isEmpty || !report.photos.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + heading("report.diary")
        if !report.diary.isEmpty {
            html += "<ul>"
            for entry in report.diary {
                let text = [entry.title, entry.body.map { $0.count > 200 ? String($0.prefix(200)) + "…" : $0 }].compactMap { $0 }.joined(separator: " — ")
                html += #"<li>\#(format.dayHeading(entry.day)): \#(text)</li>"#
            }
            html += "</ul>"
        }
        if !report.photos.isEmpty {
            html += #"<ul class="report-photos">"#
            for sha in report.photos {
                html +=
                    #"<li><img src="\#(PhotoURL.thumbnail(sha))" width="320" height="320" alt="\#(format.t("report.photo_alt", ["name": report.subject.name]))"></li>"#
            }
            html += "</ul>"
        }
        return html + "</div>"
    }
}
