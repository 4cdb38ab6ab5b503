import HearthCore
import Hummingbird
import Testing

@testable import HearthWeb

@Suite("Typed routes")
struct RouteTests {
    @Test("a link fills in the pattern's id wherever it stands, and a pattern without one is the link")
    func links() {
        #expect(Route("/pets/:id")(7) == "/pets/7")
        #expect(Route("/pets/:id/records/new")(12) == "/pets/12/records/new")
        #expect(Route("/settings")(3) == "/settings")
        #expect(Route("/reports/:subject/:span")(4, "2026-11") == "/reports/4/2026-11")
        #expect(Route("/pets/:id/foods/:food/preference")(2) == "/pets/2/foods/:food/preference", "a parameter not given stays")
        #expect(Route("/calendar/:when")(LocalDate(year: 2026, month: 11, day: 28)!) == "/calendar/2026-11-28")
        #expect(PetRoutes.one(1) == "/pets/1" && RecordRoutes.edit(26) == "/records/26/edit")
    }

    @Test("a path is a route's when its segments are, a parameter standing for any one")
    func matches() {
        #expect(Route("/people/:id/import").matches("/people/12/import"))
        #expect(!Route("/people/:id/import").matches("/people/12/import/more") && !Route("/people/:id/import").matches("/pets/12/import"))
        #expect(ImportRoutes.uploads.contains { $0.matches("/recipes/import") })
    }

    @Test("a route nested under another is added by the rest of its pattern")
    func under() {
        #expect(Route("/records/:id/edit").under(Route("/records/:id")).description == RouterPath("edit").description)
        #expect(Route("/settings").under(Route("/records/:id")).description == RouterPath("/settings").description)
    }
}
