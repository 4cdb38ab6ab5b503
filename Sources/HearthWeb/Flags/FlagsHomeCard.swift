import HearthHTML

/// Home's "살펴볼 점": the open flags of every subject the member sees.
struct FlagsHomeCard: Page {
    static let template = "flags/home"
    let flags: HTML

    func child(named name: String) -> Any? { name == "flags" ? flags : nil }
}
