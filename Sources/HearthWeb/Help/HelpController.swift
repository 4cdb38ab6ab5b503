import Hummingbird

/// The manual, a chapter a page, in the member's language.
struct HelpController: Sendable {
    let renderer: Renderer
    let book: HelpBook

    @Sendable func index(_ request: Request, context: AppRequestContext) async throws -> Response {
        try page("index", request: request, context: context)
    }

    @Sendable func topic(_ request: Request, context: AppRequestContext) async throws -> Response {
        try page(try context.parameters.require("topic"), request: request, context: context)
    }

    private func page(_ topic: String, request: Request, context: AppRequestContext) throws -> Response {
        guard let chapter = book.chapter(topic, context.language) else { throw PageError.notFound }
        let contents = (["index"] + book.topics).compactMap { name in
            book.chapter(name, context.language).map {
                HelpPage.Entry(href: name == "index" ? HelpRoutes.index.pattern : HelpRoutes.topic(name), title: $0.title, current: name == topic)
            }
        }
        return renderer.page(
            HelpPage(body: chapter.body, contents: contents), titleKey: "help.title", titleText: chapter.title, request: request, context: context)
    }
}
