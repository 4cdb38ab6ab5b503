import Foundation
import HearthImaging
import HearthImports
import HearthCore
import HearthStore
import Hummingbird
import NIOCore

/// Backups, restore and export.
enum BackupsArea: Area {
    static let pages: [any Page.Type] = [BackupsPage.self]
    static let help: String? = "backups"

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        BackupsController(renderer: services.renderer, runner: services.backups, export: HouseholdExport(services.database), now: services.clock)
            .addRoutes(to: router)
    }
}
