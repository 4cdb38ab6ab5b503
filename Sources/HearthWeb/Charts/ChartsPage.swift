import HearthHTML

/// `/pets/{id}/charts`, `/people/{id}/charts`: a subject's charts over a period.
struct ChartsPage: Page {
    static let template = "charts/show"
    let name: String
    let colour: String
    let back: String
    /// Which chart (one a page) and over which period.
    let charts: [LinkView]
    let periods: [LinkView]
    let previous: String?
    let next: String?
    /// "November 2026", "2016–2026".
    let span: String
    let sections: [Section]

    /// One chart with its heading and the period's figures ("Total 231,000 · 7,450 a day").
    struct Section: PagePart {
        let heading: String
        let figures: [String]
        let chart: HTML

        func child(named name: String) -> Any? {
            switch name {
            case "heading": heading
            case "figures": figures
            case "hasFigures": !figures.isEmpty
            case "chart": chart
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "colour": colour
        case "back": back
        case "charts": charts
        case "periods": periods
        case "previous": previous ?? false
        case "next": next ?? false
        case "span": span
        case "sections": sections
        default: nil
        }
    }
}
