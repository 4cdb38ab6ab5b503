import HearthCore
import HearthHTML
import HearthStore

/// One area's section of a subject's report, at `rank` among the others.
struct ReportSection {
    /// A mark the section adds to the report's calendar (a missed dose's ✕), with its legend.
    struct CalendarMark {
        let days: Set<LocalDate>
        let mark: HTML
        let legend: String
    }

    let rank: Int
    /// Sections ranked below it come before the report's calendar: the flags open the report.
    static let calendarRank = 5
    /// Empty when the section has nothing in the span.
    let html: HTML
    /// Whether it shows something the household kept in the span (not only what is due):
    /// a report with none says there is nothing.
    var recorded = false
    /// Letters on the report calendar's days, each with its meaning in the legend.
    var calendarMarks: [CalendarMark] = []
}

/// A subject's report as each area's section sees it: whose, over which days, and the words.
struct ShownReport {
    let report: SubjectReport
    let html: ReportHTML
    var format: Formatting { html.format }
}
