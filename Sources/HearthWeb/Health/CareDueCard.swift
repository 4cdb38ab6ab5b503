import HearthHTML

/// The home page's care overdue or due within a week (vaccines, preventives, follow-ups).
struct CareDueCard: Page {
    static let template = "health/home"
    /// The due care, as list items.
    let due: HTML

    func child(named name: String) -> Any? {
        name == "due" ? due : nil
    }
}
