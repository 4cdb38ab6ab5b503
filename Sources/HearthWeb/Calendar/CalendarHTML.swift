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
        let marks: DayMarks?
    }

    /// A month: the weekday headings, then a row per week of linked day cells with dots.
    static func month(
        weeks: [[Cell]], weekdays: [String], subjects: [Int64: SubjectSummary], format: Formatting, query: String
    ) -> HTML {
        // Each word once a page, not once a dot.
        let kindNames = Dictionary(uniqueKeysWithValues: kindOrder.map { ($0, format.t("pets.kind.\($0.rawValue)")) })
        var goalWords: [String: String] = [:]
        for person in subjects.values where person.kind == .person {
            for what in ["water", "steps"] { goalWords["\(what)\(person.id)"] = format.t("calendar.goal_met.\(what)", ["name": person.name]) }
        }
        var html: HTML = #"<table class="calendar-grid"><thead><tr>"#
        for name in weekdays { html += "<th scope=\"col\">\(name)</th>" }
        html += "</tr></thead><tbody>"
        for week in weeks {
            html += "<tr>"
            for cell in week {
                var classes = cell.inMonth ? "day" : "day outside"
                if cell.isToday { classes += " today" }
                var dots = HTML.empty
                var words: [String] = []
                if let marks = cell.marks {
                    for kind in kindOrder {
                        guard let count = marks.records[kind] else { continue }
                        let label = "\(kindNames[kind] ?? kind.rawValue) ×\(count)"
                        words.append(label)
                        dots += #"<span class="dot kind-\#(kind.rawValue)" title="\#(label)"></span>"#
                    }
                    for item in marks.due {
                        let label = "\(item.subjectName): \(format.dueLabel(item.what)) (\(format.t("calendar.due")))"
                        words.append(label)
                        dots += #"<span class="dot due" title="\#(label)"></span>"#
                    }
                    if let doses = marks.doses {
                        let all = doses.given == doses.due
                        let label = format.t(all ? "calendar.doses_all" : "calendar.doses_some", ["given": String(doses.given), "due": String(doses.due)])
                        words.append(label)
                        dots += #"<span class="dot \#(all ? "doses-all" : "doses-missed")" title="\#(label)"></span>"#
                    }
                    for appointment in marks.appointments {
                        let label = format.appointmentTitle(appointment) + " " + format.minutes(appointment.input.minutes)
                        words.append(label)
                        dots += #"<span class="dot appointment" title="\#(label)"></span>"#
                    }
                    if !marks.routines.isEmpty {
                        let all = marks.routines.allSatisfy(\.done)
                        let names = marks.routines.map { ($0.subjectName.map { "\($0): " } ?? "") + $0.name + ($0.done ? " ✓" : "") }
                        let label = format.t("calendar.routines", ["names": names.joined(separator: ", ")])
                        words.append(label)
                        dots += #"<span class="dot \#(all ? "routines-done" : "routines-due")" title="\#(label)"></span>"#
                    }
                    for (ids, what) in [(marks.waterMet, "water"), (marks.stepsMet, "steps")] {
                        for id in ids {
                            guard let person = subjects[id], let label = goalWords["\(what)\(id)"] else { continue }
                            words.append(label)
                            dots += #"<span class="dot goal-\#(what) colour-\#(person.colour?.rawValue ?? "blue")" title="\#(label)"></span>"#
                        }
                    }
                }
                let heading = format.dayHeading(cell.date)
                let label = words.isEmpty ? heading : heading + ": " + words.joined(separator: ", ")
                html += #"<td class="\#(classes)"><a href="/calendar/\#(cell.date.description)\#(query)" aria-label="\#(label)"#
                html += cell.isToday ? #"" aria-current="date">"# : #"">"#
                html += #"<span class="number">\#(String(cell.date.day))</span>"#
                if let photo = cell.marks?.photo {
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
    static func legend(format: Formatting) -> HTML {
        var html: HTML = #"<ul class="calendar-legend">"#
        for kind in kindOrder {
            html += #"<li><span class="dot kind-\#(kind.rawValue)"></span> \#(format.t("pets.kind.\(kind.rawValue)"))</li>"#
        }
        html += #"<li><span class="dot due"></span> \#(format.t("calendar.legend.due"))</li>"#
        html += #"<li><span class="dot doses-all"></span> \#(format.t("calendar.legend.doses_all"))</li>"#
        html += #"<li><span class="dot doses-missed"></span> \#(format.t("calendar.legend.doses_missed"))</li>"#
        html += #"<li><span class="dot appointment"></span> \#(format.t("calendar.legend.appointment"))</li>"#
        html += #"<li><span class="dot routines-due"></span> \#(format.t("calendar.legend.routines_due"))</li>"#
        html += #"<li><span class="dot routines-done"></span> \#(format.t("calendar.legend.routines_done"))</li>"#
        html += #"<li><span class="dot goal-water"></span> \#(format.t("calendar.legend.water"))</li>"#
        html += #"<li><span class="dot goal-steps"></span> \#(format.t("calendar.legend.steps"))</li></ul>"#
        return html
    }

    /// Twelve small months: a cover photo, the name, and the days that had anything marked.
    static func year(_ year: Int, months: [Int: (cover: String?, activeDays: Set<Int>)], firstWeekday: Int, weekdays: [String], format: Formatting) -> HTML {
        var html: HTML = #"<ol class="year-months">"#
        for number in 1...12 {
            let month = YearMonth(year: year, month: number)!
            let grid = MonthGrid(month, firstWeekday: firstWeekday)
            let found = months[number]
            html += #"<li><a class="month-cover" href="/calendar/\#(month.description)">"#
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
                        html += #"<td class="active"><a href="/calendar/\#(day.description)">\#(String(day.day))</a></td>"#
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
