import Hummingbird

/// A page's path, written once: the router adds it by its pattern and pages link to it with
/// the id filled in, so a link cannot name a page the router does not have (as
/// SwiftPackageIndex-Server's `SiteURL` does). An area lists its routes in one enum
/// (`AppointmentRoutes`) beside its `addRoutes`.
struct Route: Sendable, CustomStringConvertible {
    /// `/appointments/:id/edit`.
    let pattern: String

    init(_ pattern: String) { self.pattern = pattern }

    /// The link to the page of `id`: the pattern's `:id` filled in.
    func callAsFunction(_ id: Int64) -> String {
        pattern.replacingOccurrences(of: ":id", with: String(id))
    }

    /// What the router adds it by.
    var path: RouterPath { RouterPath(pattern) }

    /// The link to a page with no id (`/appointments`).
    var description: String { pattern }

    /// The pattern as a group made with `parent`'s adds it (`edit` under `/records/:id`).
    func under(_ parent: Route) -> RouterPath {
        RouterPath(pattern.hasPrefix(parent.pattern + "/") ? String(pattern.dropFirst(parent.pattern.count + 1)) : pattern)
    }
}
