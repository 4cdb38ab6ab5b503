import Hummingbird

/// `/help`: the household's manual, a chapter for each area (`Area.help`), in each language.
enum HelpArea: Area {
    static let pages: [any Page.Type] = [HelpPage.self]
    static let help: String? = nil

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let controller = HelpController(renderer: services.renderer, book: services.help)
        router.get("/help", use: controller.index)
        router.get("/help/:topic", use: controller.topic)
    }
}
