import Foundation
import HearthCharts
import HearthCore
import HearthHTML
import HearthStore

/// A subject's report as HTML: what opens it (the flags), the calendar with markers, then each area's sections
/// (`AreaCards.report`) that have anything in the span, each a heading kept with what follows
/// it. Written in Swift: a household's month is a long document of small tables, and this is
/// its one shape.
struct ReportHTML {
    let format: Formatting
    let charts: ChartsController
    let areas: AreaList
    let weightUnit: BodyWeightUnit
    let volumeUnit: VolumeUnit

    /// The subject's section: read from the report's one snapshot, every area asked.
    func subject(_ report: SubjectReport, _ snapshot: Snapshot, id: String) throws -> HTML {
        let sections = try areas.reportSections(ShownReport(report: report, html: self), snapshot)
        let subject = report.subject
        var html: HTML = #"<section class="report-subject" id="\#(id)" aria-labelledby="\#(id)-name">"#
        html += #"<h2 id="\#(id)-name">\#(subject.name) <span class="meta">· \#(span(report.from, report.to))</span></h2>"#
        let marks = sections.flatMap(\.calendarMarks)
        for section in sections where section.rank < ReportSection.calendarRank { html += section.html }
        for month in YearMonth.months(from: YearMonth(report.from), through: YearMonth(report.to)) { html += calendar(month, report, marks: marks) }
        for section in sections where section.rank >= ReportSection.calendarRank { html += section.html }
        if report.recordCount == 0 && !sections.contains(where: \.recorded) {
            html += #"<p class="meta">\#(format.t("report.nothing"))</p>"#
        }
        return html + "</section>"
    }

    func span(_ from: LocalDate, _ to: LocalDate) -> String {
        let month = YearMonth(from)
        if from == month.firstDay && to == month.lastDay { return format.monthHeading(month) }
        return "\(format.dayHeading(from)) – \(format.dayHeading(to))"
    }

    /// The month as a grid, each day with a letter per kind of record (the legend says which):
    /// letters print in black and white where coloured dots would not.
    private func calendar(_ month: YearMonth, _ report: SubjectReport, marks added: [ReportSection.CalendarMark]) -> HTML {
        let grid = MonthGrid(month, firstWeekday: format.language == .ko ? 1 : 2)
        var html: HTML = #"<figure class="report-calendar"><table><caption>\#(span(month.firstDay, month.lastDay))</caption><thead><tr>"#
        for weekday in grid.columns { html += #"<th scope="col">\#(format.t("calendar.weekday_short.\(weekday)"))</th>"# }
        html += "</tr></thead><tbody>"
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
                let more = added.filter { $0.days.contains(day) }.map { " " + $0.mark }.joined()
                html += #"<td><span class="day">\#(day.day)</span> \#(marks)\#(more)</td>"#
            }
            html += "</tr>"
        }
        html += "</tbody></table>"
        let used = Set(report.kindsByDay.values.flatMap { $0 }).sorted()
        let shown = added.filter { !$0.days.isEmpty }
        if !used.isEmpty || !shown.isEmpty {
            let legend = used.map { "\(format.t("report.mark.\($0)")) \(format.t("pets.kind.\($0)"))" } + shown.map(\.legend)
            html += #"<figcaption class="legend">\#(legend.joined(separator: " · "))</figcaption>"#
        }
        return html + "</figure>"
    }

    /// A section's heading, for the areas' sections.
    func heading(_ key: String) -> HTML { #"<h3>\#(format.t(key))</h3>"# }

    /// A table's start: its column headings, then the body the caller fills and closes.
    func table(_ headingKeys: String...) -> HTML {
        let headings = headingKeys.map { key -> HTML in #"<th scope="col">\#(format.t(key))</th>"# }.joined()
        return #"<table class="report-table"><thead><tr>\#(headings)</tr></thead><tbody>"#
    }
}
