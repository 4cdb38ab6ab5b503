import HearthHTML

/// `/trackers`: the household's trackers, the ready-made ones to add in one tap, and a new one.
struct TrackerListPage: Page {
    static let template = "trackers/index"
    let trackers: HTML
    let readyMade: HTML
    let canRecord: Bool
    let new = TrackerRoutes.new.pattern

    func child(named name: String) -> Any? {
        switch name {
        case "trackers": trackers
        case "hasTrackers": !trackers.isEmpty
        case "readyMade": readyMade
        case "canRecord": canRecord
        case "new": new
        default: nil
        }
    }
}
