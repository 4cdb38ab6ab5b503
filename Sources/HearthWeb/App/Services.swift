import Foundation
import HearthImaging
import HearthStore

/// What the areas need, made once when the server starts and handed to each area whole,
/// so adding a service does not change every controller's argument list. Repositories are
/// small views over `database`; an area makes the ones it uses.
struct Services: Sendable {
    let configuration: HearthConfiguration
    let database: AppDatabase
    let renderer: Renderer
    /// `Public/`, read and compressed once.
    let assets: StaticAssets
    /// What pages show that is not in the database changes here (`ConditionalPageMiddleware`).
    let pageChanges = PageChanges()
    let household: HouseholdState
    /// The manual's chapters, read once.
    let help: HelpBook
    let hasher: PasswordHasher
    let photoFiles: PhotoFiles
    let intake: PhotoIntake
    let importRunner: ImportRunner
    let diskSpace: DiskSpace
    let backups: BackupRunner
    /// The HTTPS certificate's keeper (nil: plain HTTP only).
    let tls: HouseholdTLS?
    /// The areas the router mounts and the shared pages ask.
    var areas: AreaList { configuration.areas }

    var strings: Localization { renderer.strings }
    var clock: @Sendable () -> Date { configuration.clock }
}
