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
        let backups = BackupsController(
            renderer: services.renderer, runner: services.backups, export: services.areas.export(services.database), now: services.clock)
        router.get("/settings/backups", use: backups.show)
        router.post("/settings/backups", use: backups.saveFolder)
        router.post("/settings/backups/now", use: backups.backUpNow)
        router.get("/settings/backups/:name", use: backups.download)
        router.get("/settings/export/:file", use: backups.exportFile)
    }
}

extension HouseholdExport {
    /// The export of every area of Hearth, as the command line writes it.
    public static func everyArea(_ database: AppDatabase) -> HouseholdExport { AreaList.standard.export(database) }
}
