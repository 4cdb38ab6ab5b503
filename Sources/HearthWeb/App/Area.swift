import Hummingbird

/// One area of the product (a folder in every module): its pages and its routes. The
/// router is every area's routes; the renderer checks every area's pages at start-up.
protocol Area {
    /// The area's page models, whose templates must exist for the server to start.
    static var pages: [any Page.Type] { get }
    static func addRoutes(to router: Router<AppRequestContext>, services: Services)
}

/// Every area, in the order their routes are added.
enum Areas {
    static let all: [any Area.Type] = [AppArea.self, HouseholdArea.self, HomeArea.self, CalendarArea.self, PeopleArea.self, ImportsArea.self, PetsArea.self, PetHealthArea.self, MedicinesArea.self, RegimensArea.self, ChartsArea.self, PhotosArea.self, GalleryArea.self, ReportsArea.self, RecipesArea.self, BackupsArea.self]

    static var pages: [any Page.Type] { [ErrorPage.self] + all.flatMap { $0.pages } }
}

/// The server's own routes: the health check.
enum AppArea: Area {
    static let pages: [any Page.Type] = []

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        HealthController(database: services.database, diskSpace: services.diskSpace).addRoutes(to: router)
    }
}
