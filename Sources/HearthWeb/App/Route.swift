import Hummingbird

/// A page's path, written once: the router adds it by its pattern and pages link to it with
/// the id filled in, so a link cannot name a page the router does not have (as
/// SwiftPackageIndex-Server's `SiteURL` does). An area lists its routes in one enum
/// (`AppointmentRoutes`) beside its `addRoutes`.
struct Route: Sendable, CustomStringConvertible {
    /// `/appointments/:id/edit`.
    let pattern: String
    /// The pattern's text around its parameters (`:id`, `:when`) and their names, split once: a
    /// page fills in hundreds of links, and Foundation's `replacingOccurrences` cost a pet's page 4%
    /// of its time. `/reports/:subject/:span` is `["/reports/", "/", ""]` and `["subject", "span"]`.
    private let pieces: [String]
    private let names: [String]

    init(_ pattern: String) {
        self.pattern = pattern
        var pieces: [String] = [], names: [String] = []
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            pieces.append(String(rest[..<colon]))
            let end = rest[colon...].firstIndex(of: "/") ?? rest.endIndex
            names.append(String(rest[rest.index(after: colon)..<end]))
            rest = rest[end...]
        }
        pieces.append(String(rest))
        (self.pieces, self.names) = (pieces, names)
    }

    /// The link with its first parameter filled in by `value` (a page's id; a day, `2026-11-28`; a
    /// file's name); a pattern without one is the link.
    func callAsFunction(_ value: some CustomStringConvertible) -> String { fill(value.description) }

    /// The link with its parameters filled in, in order (a subject and a month); one not given
    /// stays as it is in the pattern.
    func callAsFunction(_ first: some CustomStringConvertible, _ second: some CustomStringConvertible) -> String {
        fill(first.description, second.description)
    }

    private func fill(_ first: String, _ second: String? = nil) -> String {
        guard !names.isEmpty else { return pattern }
        var link = pieces[0] + first + pieces[1]
        for index in names.indices.dropFirst() {
            link += (index == 1 ? second : nil) ?? ":" + names[index]
            link += pieces[index + 1]
        }
        return link
    }

    /// Whether `path` is this route's: the same segments, a parameter standing for any one.
    func matches(_ path: some StringProtocol) -> Bool {
        let mine = pattern.split(separator: "/"), theirs = path.split(separator: "/")
        return mine.count == theirs.count && zip(mine, theirs).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
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

/// An item's links as its template reads them (`{{page.links.edit}}`): each name's route with the
/// item's id filled in, made when asked. A page model hands it with its own names
/// (`RoutinePage.links`), so a template names a link and never types its path.
struct RouteLinks: PagePart {
    let id: String
    let routes: [String: Route]

    init(_ id: some CustomStringConvertible, _ routes: [String: Route]) { (self.id, self.routes) = (id.description, routes) }

    func child(named name: String) -> Any? { routes[name].map { $0(id) } }
}
