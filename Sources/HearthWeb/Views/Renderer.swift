import Foundation
import HearthCore
import Hummingbird
import Mustache

/// Turns a page's view model into a full HTML response inside the shared layout.
struct Renderer: Sendable {
    /// The templates once per language, their `{{t.…}}` strings already written in.
    let libraries: [Language: MustacheLibrary]
    let strings: Localization

    init(templatesDirectory: String) async throws {
        FastHTMLEscaping.register()
        let strings = try Localization(directory: (templatesDirectory as NSString).appendingPathComponent("i18n"))
        let sources = try Self.templateSources(in: templatesDirectory)
        var libraries: [Language: MustacheLibrary] = [:]
        for language in Language.allCases {
            var library = MustacheLibrary()
            for (name, source) in sources {
                do {
                    try library.register(strings.resolve(source, language), named: name)
                } catch {
                    throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: "\(name).mustache", NSUnderlyingErrorKey: error])
                }
            }
            libraries[language] = library
        }
        self.libraries = libraries
        self.strings = strings
    }

    /// `pets/show` → the text of `Templates/pets/show.mustache`, for every template under the folder.
    private static func templateSources(in directory: String) throws -> [String: String] {
        var sources: [String: String] = [:]
        guard let paths = FileManager.default.enumerator(atPath: directory) else { return [:] }
        for case let path as String in paths where path.hasSuffix(".mustache") {
            sources[String(path.dropLast(".mustache".count))] = try String(contentsOfFile: directory + "/" + path, encoding: .utf8)
        }
        return sources
    }

    /// Renders `Templates/<template>.mustache`, whose content fills the layout.
    /// - Parameters:
    ///   - titleKey: string key of the page title; `titleText`, when given, is used as it is (a pet's name).
    ///   - page: the page's own view model, reachable in the template as `page`.
    func page(
        _ template: String, titleKey: String, titleText: String? = nil, page: Any = [String: String](),
        request: Request, context: AppRequestContext, status: HTTPResponse.Status = .ok
    ) -> Response {
        let language = context.language
        let layout = LayoutView(
            request: request, context: context, title: titleText ?? strings.text(titleKey, language), strings: strings)
        let model = PageModel(layout: layout, page: (page as? [String: Any]).map(PageValues.init) ?? page)
        let html = libraries[language]?.render(model, withTemplate: template) ?? ""
        return Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}

/// What every template sees: `layout` and `page`. Every `{{page.…}}` and `{{layout.…}}`
/// starts here, so it is a plain type: swift-mustache finds a name in it faster than in a
/// `[String: Any]`, whose conformance it must check through the generic dictionary type.
struct PageModel: MustacheParent {
    let layout: LayoutView
    let page: Any

    func child(named name: String) -> Any? {
        switch name {
        case "layout": layout
        case "page": page
        default: nil
        }
    }
}

/// A page's own values, for the same reason.
struct PageValues: MustacheParent {
    let values: [String: Any]

    func child(named name: String) -> Any? { values[name] }
}

/// What the layout shows around every page.
struct LayoutView {
    let lang: String
    let title: String
    let householdName: String?
    let csrf: String
    let member: MemberView?
    /// The `<li>` items of the main navigation, as HTML: built here, like `EntryListHTML`,
    /// because it is on every page and Mustache's lookups cost more than the markup.
    let navigation: String

    struct MemberView {
        let displayName: String
        let roleLabel: String
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
            items.append(("/pets", "nav.pets"))
            if role.canManageHousehold {
                items.append(("/accounts", "nav.accounts"))
                items.append(("/settings", "nav.settings"))
            }
            items.append(("/me", "nav.me"))
        }
        let path = request.uri.path
        self.navigation = items.map { href, key in
            let current = href == "/" ? path == "/" : path.hasPrefix(href)
            let label = FastHTMLEscaping.escape(strings.text(key, language))
            return #"<li><a href="\#(href)"\#(current ? #" aria-current="page""# : "")>\#(label)</a></li>"#
        }.joined(separator: "\n")
    }
}
