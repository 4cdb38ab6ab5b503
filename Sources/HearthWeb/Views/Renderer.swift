import HearthHTML
import Foundation
import HearthCore
import Hummingbird
import Mustache

/// Turns a page's typed model into a full HTML response inside the shared layout.
struct Renderer: Sendable {
    /// The templates once per language, their `{{t.…}}` strings already written in.
    let libraries: [Language: MustacheLibrary]
    let strings: Localization

    /// A template that is missing or does not parse stops the server from starting.
    struct TemplateProblem: Error, CustomStringConvertible {
        let description: String
    }

    /// Loads every template under the folder and checks that each page's template is there;
    /// with `assets`, every `/static/…` a template names becomes its versioned name.
    init(templatesDirectory: String, pages: [any Page.Type], assets: StaticAssets? = nil) throws {
        FastHTMLEscaping.register()
        let strings = try Localization(directory: (templatesDirectory as NSString).appendingPathComponent("i18n"))
        let sources = try Self.templateSources(in: templatesDirectory)
        var libraries: [Language: MustacheLibrary] = [:]
        for language in Language.allCases {
            var library = MustacheLibrary()
            for (name, source) in sources {
                do {
                    let resolved = strings.resolve(source, language)
                    try library.register(assets?.versioning(resolved) ?? resolved, named: name)
                } catch {
                    throw TemplateProblem(description: "Templates/\(name).mustache does not parse: \(error)")
                }
            }
            libraries[language] = library
        }
        for page in pages where sources[page.template] == nil {
            throw TemplateProblem(description: "Templates/\(page.template).mustache is missing (the template of \(page))")
        }
        // Every page fills the layout; the error page is one of `pages`.
        if sources["layout"] == nil { throw TemplateProblem(description: "Templates/layout.mustache is missing") }
        self.libraries = libraries
        self.strings = strings
    }

    /// `pets/show` → the text of `Templates/pets/show.mustache`, for every template under the folder.
    static func templateSources(in directory: String) throws -> [String: String] {
        var sources: [String: String] = [:]
        guard let paths = FileManager.default.enumerator(atPath: directory) else {
            throw TemplateProblem(description: "no templates folder at \(directory)")
        }
        for case let path as String in paths where path.hasSuffix(".mustache") {
            sources[String(path.dropLast(".mustache".count))] = try String(contentsOfFile: directory + "/" + path, encoding: .utf8)
        }
        return sources
    }

    /// The page as HTML text (what `page` sends; a report printed to PDF on the server too).
    func html<Model: Page>(_ page: Model, titleKey: String, titleText: String? = nil, request: Request, context: AppRequestContext) -> String {
        let language = context.language
        let layout = LayoutView(
            request: request, context: context, title: titleText ?? strings.text(titleKey, language), help: Areas.helpByPage[ObjectIdentifier(Model.self)],
            strings: strings)
        // Every page's template was found at start-up, so this renders.
        return libraries[language]?.render(PageModel(layout: layout, page: page), withTemplate: Model.template) ?? ""
    }

    /// Renders the page's template, whose content fills the layout.
    /// - Parameters:
    ///   - titleKey: string key of the page title; `titleText`, when given, is used as it is (a pet's name).
    func page<Model: Page>(
        _ page: Model, titleKey: String, titleText: String? = nil,
        request: Request, context: AppRequestContext, status: HTTPResponse.Status = .ok
    ) -> Response {
        let html = html(page, titleKey: titleKey, titleText: titleText, request: request, context: context)
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        // Whose page this is: the service worker keeps a member's pages for them alone.
        if let member = context.member?.account.id { headers[Self.memberHeader] = String(member) }
        // Over the home network to a phone nothing in between compresses: 68 KB of home is 5 KB
        // gzipped, at zlib's fastest level (a proxy that compresses leaves an encoded answer as it is).
        headers[.vary] = "Accept-Encoding"
        if StaticFilesMiddleware.acceptsGzip(request.headers[.acceptEncoding]), let packed = StaticAssets.gzip(Array(html.utf8), level: 1) {
            headers[.contentEncoding] = "gzip"
            return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: packed)))
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// A part of a page alone (a list's items), which a page's script fetches again to refresh itself.
    static func fragment(_ html: HTML) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html.text)))
    }

    static let memberHeader = HeaderName("Hearth-Member")!
}
