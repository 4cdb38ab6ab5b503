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
        // Navigation shows only what exists, and only what this member may open.
        var items: [(String, String)] = []
        if let role = context.role {
            items.append(("/", "nav.home"))
            items.append(("/people", "nav.people"))
            items.append(("/pets", "nav.pets"))
            if role.canManageHousehold {
                items.append(("/accounts", "nav.accounts"))
                items.append(("/settings", "nav.settings"))
            }
            items.append(("/me", "nav.me"))
        }
        let path = request.uri.path
        self.navigation = items.map { href, key -> HTML in
            let current: HTML = (href == "/" ? path == "/" : path.hasPrefix(href)) ? #" aria-current="page""# : .empty
            return #"<li><a href="\#(href)"\#(current)>\#(strings.text(key, language))</a></li>"#
        }.joined(separator: "\n")
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
