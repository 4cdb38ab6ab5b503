import Hummingbird

/// A page's path, written once: the router adds it by its pattern and pages link to it with
/// the id filled in, so a link cannot name a page the router does not have (as
/// SwiftPackageIndex-Server's `SiteURL` does). An area lists its routes in one enum
/// (`AppointmentRoutes`) beside its `addRoutes`.
struct Route: Sendable, CustomStringConvertible {
    /// `/appointments/:id/edit`.
    let pattern: String
    /// The pattern before and after its parameter (`:id`, `:when`), split once: a page fills in
    /// hundreds of links, and Foundation's `replacingOccurrences` cost a pet's page 4% of its time.
    private let parts: (head: String, tail: String)?

    init(_ pattern: String) {
        self.pattern = pattern
        parts = pattern.firstIndex(of: ":").map { colon in
            (String(pattern[..<colon]), String(pattern[(pattern[colon...].firstIndex(of: "/") ?? pattern.endIndex)...]))
        }
    }

    /// The link to the page of `id`: the pattern's (first) parameter filled in; a pattern without
    /// one is the link.
    func callAsFunction(_ id: Int64) -> String { self(String(id)) }

    /// The link with the parameter filled in by `value` (a day, `2026-11-28`; a month, `2026-11`).
    func callAsFunction(_ value: some CustomStringConvertible) -> String {
        guard let parts else { return pattern }
        return parts.head + value.description + parts.tail
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
