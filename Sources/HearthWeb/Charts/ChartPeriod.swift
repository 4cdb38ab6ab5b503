import HearthCore
import HearthStore

/// The span a chart page shows: a week (the seven days to a day), a month, a year, or all,
/// and the neighbouring spans for previous and next.
struct ChartPeriod: Equatable {
    enum Length: String, CaseIterable { case week, month, year, all }

    let length: Length
    let from: LocalDate
    let to: LocalDate
    /// The day the links name (`?period=month&at=2026-11-23`).
    let at: LocalDate

    /// From the query: unknown lengths are a month; days after today are today.
    init(length text: String?, at dayText: String?, today: LocalDate, firstDay: LocalDate?) {
        length = text.flatMap(Length.init(rawValue:)) ?? .month
        at = min(dayText.flatMap(LocalDate.init) ?? today, today)
        switch length {
        case .week: (from, to) = (at.adding(days: -6), at)
        case .month: (from, to) = (YearMonth(at).firstDay, YearMonth(at).lastDay)
        case .year: (from, to) = (LocalDate(year: at.year, month: 1, day: 1)!, LocalDate(year: at.year, month: 12, day: 31)!)
        case .all: (from, to) = (min(firstDay ?? today, today), today)
        }
    }

    /// An explicit span (a report's month, or the vet's last 90 days): a day a bar.
    init(from: LocalDate, to: LocalDate) {
        let month = YearMonth(from)
        length = from == month.firstDay && to == month.lastDay ? .month : .week
        (self.from, self.to, at) = (from, to, to)
    }

    /// The same length a span earlier or later; nil for "all" (it has no neighbours).
    func shifted(_ direction: Int) -> LocalDate? {
        switch length {
        case .week: at.adding(days: 7 * direction)
        case .month:
            (direction < 0 ? YearMonth(at).previous : YearMonth(at).next)?.firstDay
        case .year: LocalDate(year: at.year + direction, month: 1, day: 1)
        case .all: nil
        }
    }

    /// A bar a day for a week or a month, a week for a year (52 bars read better than 365),
    /// and for all days weeks or months, whichever stays under about 400.
    var bucket: ChartBucket { length == .year ? .week : .fitting(from: from, to: to) }
}
