import Foundation
import HearthImaging
import HearthImports
import HearthCore
import HearthStore
import Hummingbird
import NIOCore

/// `/settings/backups`.
struct BackupsPage: Page {
    static let template = "backups/index"
    struct Archive { let name, when, size, href: String }
    struct Link { let label, href: String }
    let fields: FormFields
    let problems: FormProblems
    let notice: String?
    let running: String?
    let last: String?
    let lastFailed: Bool
    let archives: [Archive]
    let csvLinks: [Link]
    let restoreCommand: String

    func child(named name: String) -> Any? {
        switch name {
        case "fields": fields
        case "notice": notice ?? false
        case "running": running ?? false
        case "last": last ?? false
        case "lastFailed": lastFailed
        case "hasArchives": !archives.isEmpty
        case "archives": archives.map { ["name": $0.name, "when": $0.when, "size": $0.size, "href": $0.href] }
        case "csvLinks": csvLinks.map { ["label": $0.label, "href": $0.href] }
        case "restoreCommand": restoreCommand
        default: problems.child(named: name)
        }
    }
}
