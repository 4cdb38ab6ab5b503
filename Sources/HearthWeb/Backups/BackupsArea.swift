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
        router.get(BackupRoutes.page.path, use: backups.show)
        router.post(BackupRoutes.page.path, use: backups.saveFolder)
        router.post(BackupRoutes.now.path, use: backups.backUpNow)
        router.get(BackupRoutes.archive.path, use: backups.download)
        router.get(BackupRoutes.export.path, use: backups.exportFile)
    }
}

/// The backups' page, its archives and the export's files, for the router and every link to them.
enum BackupRoutes {
    static let page = Route("/settings/backups")
    static let now = Route("/settings/backups/now")
    static let archive = Route("/settings/backups/:name")
    static let export = Route("/settings/export/:file")
}

extension HouseholdExport {
    /// The export of every area of Hearth, as the command line writes it.
    public static func everyArea(_ database: AppDatabase) -> HouseholdExport { AreaList.standard.export(database) }
}
