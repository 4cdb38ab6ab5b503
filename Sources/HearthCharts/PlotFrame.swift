import HearthHTML

/// The parts a value-over-something chart shares (`TimeChart`, `CurveChart`): the SVG's opening
/// with its title, description and the band's hatch, the value grid and its labels, the band,
/// and the baseline — in viewBox units (0 0 640 300), the plot inside `plot`.
enum PlotFrame {
    /// The drawing area inside the viewBox: room on the left for values, below for dates or hours.
    static let plot = (left: 86.0, top: 12.0, right: 628.0, bottom: 262.0)

    /// `<figure>` and `<svg>` opened, labelled by `id`'s title and description, with the hatch the band fills with.
    static func open(id: String, title: String, description: String) -> HTML {
        var html: HTML = #"<figure class="chart"><svg class="chart-svg" viewBox="0 0 640 300" role="img" aria-labelledby="\#(id)-title \#(id)-desc">"#
        html += #"<title id="\#(id)-title">\#(title)</title><desc id="\#(id)-desc">\#(description)</desc>"#
        html +=
            #"<defs><pattern id="\#(id)-hatch" class="chart-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6"></line></pattern></defs>"#
        return html
    }

    /// A grid line at each tick, then the ticks' labels left of the plot; `y` places a value.
    static func valueGrid(_ ticks: [Double], y: (Double) -> Double, text: (Double) -> String) -> HTML {
        var html: HTML = #"<g class="chart-grid">"#
        for tick in ticks {
            let at = y(tick)
            html += #"<line x1="\#(plot.left)" y1="\#(at)" x2="\#(plot.right)" y2="\#(at)"></line>"#
        }
        html += #"</g><g class="chart-axis chart-values">"#
        for tick in ticks {
            html += #"<text x="\#(plot.left - 6)" y="\#(y(tick) + 4)" text-anchor="end">\#(text(tick))</text>"#
        }
        return html + "</g>"
    }

    /// The band the values should stay in, hatched across the plot.
    static func band(_ band: ClosedRange<Double>, id: String, y: (Double) -> Double) -> HTML {
        let top = y(band.upperBound), bottom = y(band.lowerBound)
        return
            #"<rect class="chart-band" x="\#(plot.left)" y="\#(top)" width="\#(plot.right - plot.left)" height="\#(max(0, bottom - top))" fill="url(#\#(id)-hatch)"></rect>"#
    }

    static var baseline: HTML {
        #"<line class="chart-baseline" x1="\#(plot.left)" y1="\#(plot.bottom)" x2="\#(plot.right)" y2="\#(plot.bottom)"></line>"#
    }
}
