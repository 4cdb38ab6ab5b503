import Foundation
import HearthCore

/// Round numbers for an axis: 1, 2 or 5 times a power of ten between ticks, covering the data.
public enum NiceTicks {
    public static func ticks(from low: Double, to high: Double, about count: Int = 5) -> [Double] {
        guard low.isFinite, high.isFinite else { return [0, 1] }
        var (low, high) = (low, high)
        if high - low < 1e-9 { (low, high) = low == 0 ? (0, 1) : (low - abs(low) * 0.1, high + abs(high) * 0.1) }
        let raw = (high - low) / Double(max(1, count))
        let power = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
        let first = floor(low / step) * step
        let last = ceil(high / step) * step
        // Written back through the step's decimals: 3 × 0.2 is 0.6, not 0.6000000000000001.
        let scale = pow(10, max(0, -floor(log10(step))))
        return stride(from: first, through: last + step / 2, by: step).map { ($0 * scale).rounded() / scale }
    }
}

/// Which dates label the x axis: days for a week or a month, month starts for a year,
/// year starts for longer spans — never more than about eight.
public enum DateTicks {
    /// `dayOfMonth`: a day tick in the month of the tick before it, said by its day alone
    /// ("18" after "11 Nov"), so a week's labels fit under their bars on a phone.
    public enum Unit: Sendable, Equatable { case day, dayOfMonth, month, year }

    public static func ticks(from first: LocalDate, to last: LocalDate) -> (unit: Unit, days: [LocalDate]) {
        let span = last.daysSince1970 - first.daysSince1970
        if span <= 62 {
            let step = max(1, Int((Double(span + 1) / 7).rounded(.up)))
            return (.day, stride(from: 0, through: span, by: step).map { first.adding(days: $0) })
        }
        if span <= 3 * 366 {
            let months = YearMonth.months(from: YearMonth(first), through: YearMonth(last)).map(\.firstDay).filter { $0 >= first }
            let step = max(1, Int((Double(months.count) / 8).rounded(.up)))
            return (.month, stride(from: 0, to: months.count, by: step).map { months[$0] })
        }
        var years: [LocalDate] = []
        var year = first.month == 1 && first.day == 1 ? first.year : first.year + 1
        while let start = LocalDate(year: year, month: 1, day: 1), start <= last {
            years.append(start)
            year += 1
        }
        let step = max(1, Int((Double(years.count) / 8).rounded(.up)))
        return (.year, stride(from: 0, to: years.count, by: step).map { years[$0] })
    }
}
