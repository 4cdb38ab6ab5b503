import HearthHTML
import HearthCore
import Hummingbird
import Mustache

/// What the layout shows around every page.
struct LayoutView: PagePart {
    let lang: String
    let title: String
    let householdName: String?
    let csrf: String
    let member: MemberView?
    /// The `<li>` items of the main navigation: built here, like `EntryListHTML`, because it
    /// is on every page and Mustache's lookups cost more than the markup.
    let navigation: HTML

    struct MemberView: PagePart {
        let displayName: String
        let roleLabel: String

        func child(named name: String) -> Any? {
            switch name {
            case "displayName": displayName
            case "roleLabel": roleLabel
            default: nil
            }
        }
    }

    init(lang: String, title: String, householdName: String?, csrf: String, member: MemberView?, navigation: HTML) {
        (self.lang, self.title, self.householdName, self.csrf, self.member, self.navigation) = (lang, title, householdName, csrf, member, navigation)
    }

    init(request: Request, context: AppRequestContext, title: String, strings: Localization) {
        let language = context.language
        self.lang = language.rawValue
        self.title = title
        self.householdName = context.household?.name
        self.csrf = context.csrfToken
        self.member = context.member.map {
            MemberView(displayName: $0.account.displayName, roleLabel: strings.text("role.\($0.account.role.rawValue)", language))
        }
        self.navigation = context.role.map { Self.navigation(role: $0, path: request.uri.path, strings: strings, language: language) } ?? .empty
    }

    /// The main navigation: the most used places in a bar, the rest in a "More" menu on
    /// phones (a `<details>`, no script) and in the bar on wider screens. Only what this
    /// member may open; the current area marked (`aria-current`, and the More menu when it
    /// holds it).
    static func navigation(role: Role, path: String, strings: Localization, language: Language) -> HTML {
        let main: [(String, String)] = [("/", "nav.home"), ("/calendar", "nav.calendar"), ("/pets", "nav.pets"), ("/people", "nav.people")]
        var more: [(String, String)] = []
        if role.canManageHousehold { more += [("/accounts", "nav.accounts"), ("/settings", "nav.settings")] }
        more.append(("/me", "nav.me"))
        func isCurrent(_ href: String) -> Bool { href == "/" ? path == "/" : path == href || path.hasPrefix(href + "/") }
        func item(_ entry: (String, String), _ classes: String = "") -> HTML {
            let current: HTML = isCurrent(entry.0) ? #" aria-current="page""# : .empty
            let attribute: HTML = classes.isEmpty ? .empty : #" class="\#(classes)""#
            return #"<li\#(attribute)><a href="\#(entry.0)"\#(current)>\#(strings.text(entry.1, language))</a></li>"#
        }
        var html = main.map { item($0) }.joined(separator: "\n")
        html += "\n" + more.map { item($0, "wide") }.joined(separator: "\n")
        let holdsCurrent: HTML = more.contains { isCurrent($0.0) } ? #" class="current""# : .empty
        html += "\n" + #"<li class="more narrow"><details><summary\#(holdsCurrent)>\#(strings.text("nav.more", language))</summary><ul>"#
        html += more.map { item($0) }.joined() + "</ul></details></li>"
        return html
    }

    func child(named name: String) -> Any? {
        switch name {
        case "lang": lang
        case "title": title
        case "householdName": householdName ?? false
        case "csrf": csrf
        case "member": member ?? false
        case "navigation": navigation
        default: nil
        }
    }
}
