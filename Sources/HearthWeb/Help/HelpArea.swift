import Hummingbird

/// `/help`: the household's manual, a chapter for each area (`Area.help`), in each language.
enum HelpArea: Area {
    static let pages: [any Page.Type] = [HelpPage.self]
    static let help: String? = nil

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let controller = HelpController(renderer: services.renderer, book: services.help)
        router.get(HelpRoutes.index.path, use: controller.index)
        router.get(HelpRoutes.topic.path, use: controller.topic)
    }
}

/// The manual: its contents and each chapter, for the router and every link to them.
enum HelpRoutes {
    static let index = Route("/help")
    static let topic = Route("/help/:topic")
}
