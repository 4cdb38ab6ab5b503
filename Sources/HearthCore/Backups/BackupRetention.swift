import Foundation

/// Which archives to keep: the newest of each of the last 7 days, 4 weeks and 12 months
/// that have one (the "grandfather-father-son" rotation). An archive may count for several;
/// the rest are removed. Periods are the household's local days, ISO weeks and months.
public enum BackupRetention {
    public static let days = 7, weeks = 4, months = 12

    public static func keep(_ dates: [Date], calendar: Calendar) -> Set<Date> {
        let newestFirst = dates.sorted(by: >)
        var kept = Set<Date>()
        func newestPer(_ components: Set<Calendar.Component>, limit: Int) {
            var periods: [DateComponents] = []
            for date in newestFirst {
                let period = calendar.dateComponents(components, from: date)
                if periods.contains(period) { continue }
                guard periods.count < limit else { break }
                periods.append(period)
                kept.insert(date)
            }
        }
        // Every archive of the last day stays: "Back up now" twice in a day keeps both (the page
        // that listed the first still links it); the next days thin them to one a day.
        if let newest = newestFirst.first { kept.formUnion(newestFirst.prefix { newest.timeIntervalSince($0) < 24 * 3600 }) }
        newestPer([.year, .month, .day], limit: days)
        newestPer([.yearForWeekOfYear, .weekOfYear], limit: weeks)
        newestPer([.year, .month], limit: months)
        return kept
    }
}
