import Foundation
import HearthCore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// An `id` names one element of a page: a label `for` it, a link to `#it` and a screen reader
/// all find that one. The Nu HTML Checker's one error in forty pages was `/people/{id}` with
/// two `id="weight"` (the section, and the field its label points at).
@Suite("Ids")
struct UniqueIDTests {
    @Test("no page of the role matrix has an id twice, and every label's for names an element of the page")
    func uniqueIDs() async throws {
        try await withHousehold { hearth, owner in
            let ids = try await RoleMatrixTests.household(owner, hearth: hearth, photo: true)
            let pages = RoleMatrixTests.routes.filter { $0.key.hasPrefix("GET ") && !$0.key.contains("/api/") }.map { $0.value.path(ids) }
            var checked = 0
            for page in Set(pages).sorted() {
                let response = try await owner.get(page)
                guard response.status == .ok, response.headers[.contentType]?.hasPrefix("text/html") == true else { continue }
                let html = response.text
                var seen: [String: Int] = [:]
                for match in html.matches(of: /\sid="([^"]+)"/) { seen[String(match.output.1), default: 0] += 1 }
                #expect(seen.filter { $0.value > 1 }.keys.sorted() == [], "\(page): ids used twice")
                for label in html.matches(of: /<label\b[^>]*\sfor="([^"]+)"/) {
                    #expect(seen[String(label.output.1)] != nil, "\(page): a label for \(label.output.1), which is not on the page")
                }
                checked += 1
            }
            #expect(checked > 40, "pages checked: \(checked)")
        }
    }

    @Test("the household's report draws each pet's weight chart with ids of its own (each chart's labels name its own title)")
    func householdReportCharts() async throws {
        try await withHousehold { hearth, owner in
            for name in ["Nabi", "Bori"] {
                let pet = try await owner.addPet(name)
                for (day, kilos) in [("2026-01-02", "4"), ("2026-01-20", "4.2")] {
                    try await owner.get("/pets/\(pet)/records/new?kind=weight")
                    let saved = try await owner.postMultipart(
                        "/pets/\(pet)/records", ["kind": "weight", "weight": kilos, "unit": "kg", "date": day, "time": "08:00"], files: [])
                    #expect(saved.status == .seeOther)
                }
            }
            let html = try await owner.get("/reports/household/2026-01").text
            var seen: [String: Int] = [:]
            for match in html.matches(of: /\sid="([^"]+)"/) { seen[String(match.output.1), default: 0] += 1 }
            #expect(seen.filter { $0.value > 1 }.keys.sorted() == [], "ids used twice")
            #expect(html.matches(of: /<svg\b/).count >= 2, "a chart for each pet")
        }
    }
}
