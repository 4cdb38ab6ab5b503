import Foundation
import HearthCharts
import HearthCore
import HearthStore

/// How the chart pages write periods, dates and the figures above each chart.
struct ChartWords {
    let format: Formatting
    let period: ChartPeriod

    /// "November 2026", "2026", "16–22 Nov 2026", "2016 – 2026".
    var span: String {
        switch period.length {
        case .month: format.monthHeading(YearMonth(period.from))
        case .year: String(period.from.year)
        case .week, .all: "\(format.dayHeading(period.from)) – \(format.dayHeading(period.to))"
        }
    }

    /// What one bar or point stands for: a day, or a day on average over a week or a month.
    var per: String { format.t("charts.per.\(period.bucket.rawValue)") }
    var periodHeading: String { format.t("charts.bucket.\(period.bucket.rawValue)") }

    var axisDate: @Sendable (LocalDate, DateTicks.Unit) -> String {
        let (strings, language) = (format.strings, format.language)
        return { day, unit in
            switch unit {
            case .day: strings.text("charts.date.day", language, ["day": String(day.day), "month": strings.text("charts.month_short.\(day.month)", language)])
            case .dayOfMonth: strings.text("charts.date.day_only", language, ["day": String(day.day)])
            case .month: strings.text("charts.month_short.\(day.month)", language) + (day.month == 1 ? " \(day.year)" : "")
            case .year: String(day.year)
            }
        }
    }

    var periodText: @Sendable (LocalDate) -> String {
        let (strings, language, bucket) = (format.strings, format.language, period.bucket)
        return { day in
            switch bucket {
            case .day: DayHeadings.text(day, language)
            case .week: strings.text("charts.week_of", language, ["day": DayHeadings.text(day, language)])
            case .month:
                strings.text(
                    "calendar.month_heading", language, ["month": strings.text("calendar.month_name.\(day.month)", language), "year": String(day.year)])
            }
        }
    }

    /// "Total 231,000 · 7,450 a day on 31 days".
    func totals(_ figures: [BucketFigure], text: (Double) -> String) -> [String] {
        let total = figures.reduce(0) { $0 + $1.total }, days = figures.reduce(0) { $0 + $1.days }
        guard days > 0 else { return [] }
        return [format.t("charts.total", ["total": text(total)]), average(total / Double(days), days: days, text: text)]
    }

    /// "1,850 ml a day on 28 days".
    func averages(_ figures: [BucketFigure], text: (Double) -> String) -> [String] {
        let total = figures.reduce(0) { $0 + $1.total }, days = figures.reduce(0) { $0 + $1.days }
        return days > 0 ? [average(total / Double(days), days: days, text: text)] : []
    }

    private func average(_ value: Double, days: Int, text: (Double) -> String) -> String {
        format.t(days == 1 ? "charts.average_one" : "charts.average", ["average": text(value), "days": format.number(Double(days))])
    }

    /// "From 61.2 kg to 60.4 kg (−0.8 kg)".
    /// "4.15 kg → 4.2 kg (+0.05 kg)": the period's first and last weighings, to the same
    /// hundredth the pet's page shows.
    func weightChange(_ ends: (first: Double, last: Double)?, unit: BodyWeightUnit) -> [String] {
        guard let ends else { return [] }
        let decimals = unit == .g ? 0 : 2
        let (from, to) = (ends.first / unit.gramsPerUnit, ends.last / unit.gramsPerUnit)
        let scale = pow(10, Double(decimals))
        let change = ((to - from) * scale).rounded() / scale
        return [
            format.t(
                "charts.weight.change",
                [
                    "from": "\(format.number(from, decimals: decimals)) \(unit.rawValue)", "to": "\(format.number(to, decimals: decimals)) \(unit.rawValue)",
                    "change": "\(change > 0 ? "+" : change < 0 ? "−" : "±")\(format.number(abs(change), decimals: decimals)) \(unit.rawValue)",
                ])
        ]
    }
}
