import Synchronization
import HearthHTML
import HearthCore
import Hummingbird
import Mustache

/// The main navigation: the bar's places (and, on wider screens, the rest beside them), and
/// a phone's "More" menu, which the layout ends with the member's own links.
struct Navigation: PagePart {
    let bar: HTML
    let more: HTML
    let moreHoldsCurrent: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "bar": bar
        case "more": more
        case "moreHoldsCurrent": moreHoldsCurrent
        default: nil
        }
    }
}

/// What the layout shows around every page.
struct LayoutView: PagePart {
    let lang: String
    let title: String
    let householdName: String?
    /// The household's time zone: the phone fills an untouched "now" in it (`app.js`).
    var timeZone = "UTC"
    let csrf: String
    let member: MemberView?
    /// The main navigation's items: built here, like `EntryListHTML`, because they are on
    /// every page and Mustache's lookups cost more than the markup.
    let navigation: Navigation
    /// The page's chapter of the manual (`/help/pets`), for members.
    let help: String?

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

    init(lang: String, title: String, householdName: String?, csrf: String, member: MemberView?, navigation: Navigation, help: String? = nil) {
        (self.lang, self.title, self.householdName, self.csrf, self.member, self.navigation, self.help) = (
            lang, title, householdName, csrf, member, navigation, help
        )
    }

    init(request: Request, context: AppRequestContext, title: String, help: String?, strings: Localization) {
        let language = context.language
        self.lang = language.rawValue
        self.title = title
        self.householdName = context.household?.name
        self.timeZone = context.timeZone.identifier
        self.csrf = context.csrfToken
        self.member = context.member.map {
            MemberView(displayName: $0.account.displayName, roleLabel: strings.text("role.\($0.account.role.rawValue)", language))
        }
        if let role = context.role {
            self.navigation = Self.navigation(role: role, path: request.uri.path, strings: strings, language: language)
            self.help = help.map { HelpRoutes.topic($0) } ?? HelpRoutes.index.pattern
        } else {
            self.navigation = Navigation(bar: .empty, more: .empty, moreHoldsCurrent: false)
            self.help = nil
        }
    }

    /// The main navigation: the most used places in a bar, the rest in a "More" menu on
    /// phones (a `<details>`, no script) and in the bar on wider screens. Only what this
    /// member may open; the current area marked (`aria-current`, and the More menu when it
    /// holds it).
    static func navigation(role: Role, path: String, strings: Localization, language: Language) -> Navigation {
        // Each area names its places (`Area.navigation`); Emergency is in the bar: one tap on
        // a phone, at night, in a hurry. The same few lists on every page: made once each.
        let owner = role.canManageHousehold
        let current = Areas.navigation.first { isCurrent($0.href, path) }?.href ?? ""
        let key = "\(owner) \(language.rawValue) \(current)"
        if let made = made.withLock({ $0[key] }) { return made }
        let html = navigation(owner: owner, path: current.isEmpty ? "\u{0}" : current, strings: strings, language: language)
        made.withLock { $0[key] = html }
        return html
    }

    /// By owner or not, language and the current place: at most a few dozen.
    private static let made = Mutex<[String: Navigation]>([:])

    private static func navigation(owner: Bool, path: String, strings: Localization, language: Language) -> Navigation {
        let (main, more) = owner ? Self.forOwners : Self.forMembers
        var bar = HTML.empty
        for entry in main { bar += item(entry, wide: false, path: path, strings: strings, language: language) }
        for entry in more { bar += item(entry, wide: true, path: path, strings: strings, language: language) }
        var menu = HTML.empty
        for entry in more { menu += item(entry, wide: false, path: path, strings: strings, language: language) }
        return Navigation(bar: bar, more: menu, moreHoldsCurrent: more.contains { isCurrent($0.href, path) })
    }

    /// The bar's and More's places for owners and for everyone else, found once (the
    /// navigation is on every page).
    private static let forOwners = split(Areas.navigation)
    private static let forMembers = split(Areas.navigation.filter { !$0.ownerOnly })

    private static func split(_ places: [NavigationEntry]) -> (bar: [NavigationEntry], more: [NavigationEntry]) {
        (places.filter { $0.place == .bar }, places.filter { $0.place == .more })
    }

    private static func isCurrent(_ href: String, _ path: String) -> Bool {
        href == "/" ? path == "/" : path == href || path.hasPrefix(href + "/")
    }

    private static func item(_ entry: NavigationEntry, wide: Bool, path: String, strings: Localization, language: Language) -> HTML {
        let current: HTML = isCurrent(entry.href, path) ? #" aria-current="page""# : .empty
        let attribute: HTML = wide ? #" class="wide""# : .empty
        return #"<li\#(attribute)><a href="\#(entry.href)"\#(current)>\#(strings.text(entry.key, language))</a></li>"# + "\n"
    }

    func child(named name: String) -> Any? {
        switch name {
        case "lang": lang
        case "title": title
        case "householdName": householdName ?? false
        case "timeZone": timeZone
        case "csrf": csrf
        case "member": member ?? false
        case "navigation": navigation
        case "help": help ?? false
        default: nil
        }
    }
}
