import HearthHTML

/// `/help` and `/help/{topic}`: one chapter of the household's manual, with the contents
/// beside it.
struct HelpPage: Page {
    static let template = "help/show"
    let body: HTML
    let contents: [Entry]

    /// A chapter in the contents.
    struct Entry: PagePart {
        let href: String
        let title: String
        let current: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "href": href
            case "title": title
            case "current": current
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "body": body
        case "contents": contents
        default: nil
        }
    }
}
