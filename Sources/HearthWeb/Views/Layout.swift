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

    init(lang: String, title: String, householdName: String?, csrf: String, member: MemberView?, navigation: HTML, help: String? = nil) {
        (self.lang, self.title, self.householdName, self.csrf, self.member, self.navigation, self.help) = (lang, title, householdName, csrf, member, navigation, help)
    }

    init(request: Request, context: AppRequestContext, title: String, help: String?, strings: Localization) {
        let language = context.language
        self.lang = language.rawValue
        self.title = title
        self.householdName = context.household?.name
        self.csrf = context.csrfToken
        self.member = context.member.map {
            MemberView(displayName: $0.account.displayName, roleLabel: strings.text("role.\($0.account.role.rawValue)", language))
        }
        if let role = context.role {
            self.navigation = Self.navigation(role: role, path: request.uri.path, strings: strings, language: language)
            self.help = help.map { "/help/\($0)" } ?? "/help"
        } else {
            self.navigation = .empty
            self.help = nil
        }
    }

    /// The main navigation: the most used places in a bar, the rest in a "More" menu on
    /// phones (a `<details>`, no script) and in the bar on wider screens. Only what this
    /// member may open; the current area marked (`aria-current`, and the More menu when it
    /// holds it).
    static func navigation(role: Role, path: String, strings: Localization, language: Language) -> HTML {
        // Emergency is in the bar: one tap on a phone, at night, in a hurry.
        let main = ["/", "/calendar", "/pets", "/people", "/emergency"]
        var more: [String] = ["/gallery", "/reports", "/recipes", "/doses", "/regimens", "/medicines", "/clinics", "/care/vaccines"]
        if role.canManageHousehold { more += ["/accounts", "/settings"] }
        more.append("/me")
        var html = HTML.empty
        for href in main { html += item(href, wide: false, path: path, strings: strings, language: language) }
        for href in more { html += item(href, wide: true, path: path, strings: strings, language: language) }
        let holdsCurrent: HTML = more.contains { isCurrent($0, path) } ? #" class="current""# : .empty
        html += #"<li class="more narrow"><details><summary\#(holdsCurrent)>\#(strings.text("nav.more", language))</summary><ul>"#
        for href in more { html += item(href, wide: false, path: path, strings: strings, language: language) }
        return html + "</ul></details></li>"
    }

    /// Each place's words: `nav.home`, `nav.calendar` …
    private static let keys = ["/": "nav.home", "/calendar": "nav.calendar", "/pets": "nav.pets", "/people": "nav.people", "/emergency": "nav.emergency", "/doses": "nav.doses", "/regimens": "nav.regimens", "/medicines": "nav.medicines", "/clinics": "nav.clinics", "/care/vaccines": "nav.vaccines", "/gallery": "nav.gallery", "/reports": "nav.reports", "/recipes": "nav.recipes",
                               "/accounts": "nav.accounts", "/settings": "nav.settings", "/me": "nav.me"]

    private static func isCurrent(_ href: String, _ path: String) -> Bool {
        href == "/" ? path == "/" : path == href || path.hasPrefix(href + "/")
    }

    private static func item(_ href: String, wide: Bool, path: String, strings: Localization, language: Language) -> HTML {
        let current: HTML = isCurrent(href, path) ? #" aria-current="page""# : .empty
        let attribute: HTML = wide ? #" class="wide""# : .empty
        return #"<li\#(attribute)><a href="\#(href)"\#(current)>\#(strings.text(keys[href] ?? "nav.home", language))</a></li>"# + "\n"
    }

    func child(named name: String) -> Any? {
        switch name {
        case "lang": lang
        case "title": title
        case "householdName": householdName ?? false
        case "csrf": csrf
        case "member": member ?? false
        case "navigation": navigation
        case "help": help ?? false
        default: nil
        }
    }
}
