import Foundation
import HearthCharts
import HearthCore
import HearthStore

/// One chart an area adds to a subject's charts page beside the page's own (a tracker's
/// blood pressure): its key for `?chart=`, its label among the page's choices, and how it draws
/// over the page's period. The page asks every area (`AreaCards.charts`) and names none.
struct AreaChart {
    let key: String
    let label: String
    let draw: () throws -> [ChartsPage.Section]
}

/// A subject's charts page as the areas' charts see it: whose (a pet's species, nil for a
/// person), over which period, and the page's way of drawing a chart over it (`section`).
struct ShownCharts {
    let subject: ShownSubject
    let species: Species?
    let period: ChartPeriod
    let words: ChartWords
    let controller: ChartsController

    /// A chart over the page's period, drawn as the page's own are, under its own words.
    func section(
        _ id: String, words chart: ChartsController.Words, figures: [BucketFigure], style: TimeChart.Style, band: ClosedRange<Double>? = nil,
        value: (BucketFigure) -> Double, text: @escaping @Sendable (Double) -> String, summary: [String]
    ) -> ChartsPage.Section {
        controller.section(id, words: chart, figures: figures, period: period, in: words, style: style, band: band, value: value, text: text, summary: summary)
    }
}
