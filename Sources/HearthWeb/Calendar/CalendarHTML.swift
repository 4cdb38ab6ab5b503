import HearthHTML
import HearthCore
import HearthStore

/// The calendar's grids, written in Swift: a month is 42 cells of a few dots each, and a year
/// twelve of them; as Mustache loops they were most of the page's time and hard to read.
enum CalendarHTML {
    /// The dot classes of record kinds, in the order cells show them.
    static let kindOrder: [EntryKind] = RecordKind.all.map(\.kind)

    struct Cell {
        let date: LocalDate
        let inMonth: Bool
        let isToday: Bool
        /// The day's first photo.
        let photo: String?
        /// The areas' dots (`AreaList.monthDots`), in their order.
        let dots: [MonthDot]
    }

    /// A month: the weekday headings, then a row per week of linked day cells with dots.
    static func month(weeks: [[Cell]], weekdays: [String], format: Formatting, query: String) -> HTML {
        var html: HTML = #"<table class="calendar-grid"><thead><tr>"#
        for name in weekdays { html += "<th scope=\"col\">\(name)</th>" }
        html += "</tr></thead><tbody>"
        for week in weeks {
            html += "<tr>"
            for cell in week {
                var classes = cell.inMonth ? "day" : "day outside"
                if cell.isToday { classes += " today" }
                var dots = HTML.empty
                // The cell's label: the day, then each dot's (escaped once, for its title too).
                var label = HTML(escaping: format.dayHeading(cell.date))
                for (index, dot) in cell.dots.enumerated() {
                    let said = HTML(escaping: dot.label)
                    label += index == 0 ? ": " : ", "
                    label += said
                    dots += #"<span class="dot \#(dot.classes)" title="\#(said)"></span>"#
                }
                html += #"<td class="\#(classes)"><a href="\#(CalendarRoutes.day(cell.date))\#(query)" aria-label="\#(label)"#
                html += cell.isToday ? #"" aria-current="date">"# : #"">"#
                html += #"<span class="number">\#(String(cell.date.day))</span>"#
                if let photo = cell.photo {
                    html += #"<img class="cover" src="\#(PhotoURL.thumbnail(photo))" alt="" width="40" height="40" loading="lazy">"#
                }
                if !dots.isEmpty { html += #"<span class="dots">\#(dots)</span>"# }
                html += "</a></td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody></table>"
        return html
    }

    /// What each dot means, for the key under the grid.
    static func legend(_ dots: [MonthDot]) -> HTML {
        var html: HTML = #"<ul class="calendar-legend">"#
        for dot in dots { html += #"<li><span class="dot \#(dot.classes)"></span> \#(dot.label)</li>"# }
        return html + "</ul>"
    }

    /// Twelve small months: a cover photo, the name, and the days that had anything marked.
    static func year(_ year: Int, months: [Int: (cover: String?, activeDays: Set<Int>)], firstWeekday: Int, weekdays: [String], format: Formatting) -> HTML {
        var html: HTML = #"<ol class="year-months">"#
        for number in 1...12 {
            let month = YearMonth(year: year, month: number)!
            let grid = MonthGrid(month, firstWeekday: firstWeekday)
            let found = months[number]
            html += #"<li><a class="month-cover" href="\#(CalendarRoutes.month(month))">"#
            if let cover = found?.cover {
                html += #"<img src="\#(PhotoURL.thumbnail(cover))" alt="" width="320" height="320" loading="lazy">"#
            } else {
                html += #"<span class="no-cover" aria-hidden="true"></span>"#
            }
            html += #"<strong>\#(format.t("calendar.month_name.\(number)"))</strong></a><table class="mini-month"><thead><tr>"#
            for name in weekdays { html += "<th scope=\"col\">\(name)</th>" }
            html += "</tr></thead><tbody>"
            for week in grid.weeks {
                html += "<tr>"
                for day in week {
                    if day.month != number {
                        html += "<td></td>"
                    } else if found?.activeDays.contains(day.day) == true {
                        html += #"<td class="active"><a href="\#(CalendarRoutes.day(day))">\#(String(day.day))</a></td>"#
                    } else {
                        html += "<td>\(String(day.day))</td>"
                    }
                }
                html += "</tr>"
            }
            html += "</tbody></table></li>\n"
        }
        html += "</ol>"
        return html
    }
}
