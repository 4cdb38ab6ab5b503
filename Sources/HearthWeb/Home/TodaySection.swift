import HearthHTML

/// The list of what needs doing as a page shows it: its rows in order, cut at `cut` with "N개 더"
/// linking to the whole list, and the areas' counted lines under it.
struct TodaySection: PagePart {
    let rows: HTML
    /// "5개 더" / "5 more", when the list was cut.
    let more: String?
    let notes: [TodayList.Note]
    let isEmpty: Bool
    /// Home's share (cut), not the whole list of `/today`.
    let onHome: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "rows": rows
        case "more": more ?? false
        case "all": HomeRoutes.today.pattern
        // What the reminder script fetches again: the same share of the list.
        case "part": HomeRoutes.today.pattern + (onHome ? "?part=home" : "?part=all")
        case "notes": notes
        case "isEmpty": isEmpty
        case "onHome": onHome
        default: nil
        }
    }
}

extension TodaySection {
    init(_ list: TodayList, cut: Int?, format: Formatting) {
        let ordered = list.ordered
        let shown = cut.map { ordered.prefix($0) } ?? ordered[...]
        rows = shown.reduce(into: HTML.empty) { $0 += $1.html() }
        let left = ordered.count - shown.count
        more = left > 0 ? format.t("home.todo_more", ["n": format.number(Double(left), decimals: 0)]) : nil
        notes = list.notes
        isEmpty = ordered.isEmpty
        onHome = cut != nil
    }
}
