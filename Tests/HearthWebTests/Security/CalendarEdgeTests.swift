import Dispatch
import Foundation
import HTTPTypes
import HearthCore
import HearthStore
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// Every page and API call that reads a day, month, year or span, asked for the calendar's first
/// and last representable values and their neighbours. `GET /reports/{id}/9999-12` once looped
/// on "the month after" (9999-12 was its own) until the memory ran out and the server died.
/// The routes come from the router's own list, with the concrete paths of `RoleMatrixTests`.
@Suite("The calendar's edges")
struct CalendarEdgeTests {
    static let longYear = String(repeating: "1", count: 40)
    /// Days and months at and past both ends, and what is neither.
    static let values = [
        "0000-01", "0001-01", "9999-12", "10000-01", "0000-12-31", "0001-01-01", "9999-12-31", "10000-01-01", "0000", "0001", "9999", "10000",
        "-1", longYear, "\(longYear)-01", "\(longYear)-01-01",
    ]
    /// The path parameters that carry a day, month, year or span.
    static let datedParameters: Set<String> = ["when", "month", "span", "day", "date", "year"]
    /// The query parameters that do.
    static let datedQueries = ["from", "to", "day", "date", "at", "month", "days", "before", "after"]

    @Test("each answers or refuses clearly within a second, and the server goes on")
    func everyDatedRouteAtTheEdges() async throws {
        try await withHousehold { hearth, owner in
            let ids = try await RoleMatrixTests.household(owner, hearth: hearth, photo: false)
            owner.apiToken = try await APITokenRepository(hearth.database).make(for: "mina", scope: .admin, database: hearth.database)
            var asked = 0
            for route in hearth.routes where route.method == .get {
                let name = RoleMatrixTests.key(route)
                let example = try #require(RoleMatrixTests.routes[name], "\(name) is not in RoleMatrixTests.routes").path(ids)
                for path in Self.paths(pattern: route.path, example: example) {
                    try await Self.ask(path, as: owner, ids: ids)
                    asked += 1
                }
            }
            #expect(asked > 1000, "asked \(asked)")
            // Still serving, and the household's pages still draw.
            #expect(try await owner.get("/calendar").status == .ok)
        }
    }

    /// The example with each dated path parameter, then each dated query, set to every value.
    static func paths(pattern: String, example: String) -> [String] {
        let (examplePath, exampleQuery) = split(example)
        let patternParts = pattern.split(separator: "/", omittingEmptySubsequences: false)
        var pathParts = examplePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var paths: [String] = []
        for (index, part) in patternParts.enumerated() where part.hasPrefix(":") && datedParameters.contains(String(part.dropFirst())) {
            // A span is also the vet's (`vet?from=&to=`), asked below with the queries.
            let original = pathParts[index]
            for value in values + (part == ":span" ? ["vet"] : []) {
                pathParts[index] = value
                paths.append(join(pathParts.joined(separator: "/"), exampleQuery))
                if value == "vet" { paths += values.map { v in join(pathParts.joined(separator: "/"), ["from": v, "to": v, "days": v]) } }
            }
            pathParts[index] = original
        }
        // Every length a chart page has, each at every day.
        let periods = exampleQuery["period"] != nil ? ["week", "month", "year", "all"] : [nil]
        for value in values {
            for period in periods {
                var query = exampleQuery
                for name in datedQueries { query[name] = value }
                if let period { query["period"] = period }
                paths.append(join(examplePath, query))
            }
        }
        return paths
    }

    /// One request, failing the test process outright if it does not end in ten seconds: a loop
    /// that never ends would otherwise hang the whole suite rather than fail it.
    static func ask(_ path: String, as owner: Browser, ids: RoleMatrixTests.IDs) async throws {
        let watchdog = DispatchWorkItem { fatalError("GET \(path) did not answer in 10 s") }
        DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: watchdog)
        defer { watchdog.cancel() }
        let started = ContinuousClock.now
        let response = try await RoleMatrixTests.send(
            RoleMatrixTests.Route(needs: .member, path: { _ in path }), ids: ids, as: owner, method: .get)
        let took = ContinuousClock.now - started
        let status = response.status.code
        // A page, a redirect (the sign-in page of a signed-in member) or a refusal that says why; never a 5xx.
        #expect(status < 400 || (400..<500).contains(status) && !response.text.isEmpty, "GET \(path): \(response.status)")
        #expect(took < .seconds(1), "GET \(path) took \(took)")
    }

    static func split(_ path: String) -> (String, [String: String]) {
        let parts = path.split(separator: "?", maxSplits: 1)
        var query: [String: String] = [:]
        for pair in parts.count > 1 ? parts[1].split(separator: "&") : [] {
            let sides = pair.split(separator: "=", maxSplits: 1).map(String.init)
            query[sides[0]] = sides.count > 1 ? sides[1] : ""
        }
        return (String(parts[0]), query)
    }

    static func join(_ path: String, _ query: [String: String]) -> String {
        query.isEmpty ? path : path + "?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    }
}
