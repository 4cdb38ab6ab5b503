import Foundation
import Synchronization

/// The templates, the help pages and the static files, read and parsed once a process for each
/// resources folder and set of pages. They do not change while the process runs (a changed template
/// takes a restart), and parsing them is most of what building the application costs: the server
/// builds it once, but the unit tests build it for nearly every test (a third of their time went here).
struct SiteFiles: Sendable {
    let assets: StaticAssets
    let renderer: Renderer
    let help: HelpBook

    private static let loaded = Mutex<[String: SiteFiles]>([:])

    /// What `configuration` names, parsed the first time it is asked for; a missing or broken
    /// template throws every time, so nothing is kept for it.
    static func load(_ configuration: HearthConfiguration) throws -> SiteFiles {
        let pages = configuration.areas.pages
        let key = ([configuration.templatesDirectory, configuration.publicDirectory] + pages.map { String(reflecting: $0) }).joined(separator: "\n")
        if let files = loaded.withLock({ $0[key] }) { return files }
        let assets = try StaticAssets(publicDirectory: configuration.publicDirectory)
        let files = SiteFiles(
            assets: assets,
            renderer: try Renderer(templatesDirectory: configuration.templatesDirectory, pages: pages, assets: assets),
            help: try HelpBook(directory: (configuration.templatesDirectory as NSString).appendingPathComponent("help"), topics: Areas.helpTopics))
        loaded.withLock { $0[key] = files }
        return files
    }
}
