import Foundation
import HearthStore
import Hummingbird

/// Appointments: what will happen once, with its D-day, and what it turned into.
enum AppointmentsArea: Area {
    static let pages: [any Page.Type] = [AppointmentListPage.self, AppointmentFormPage.self, AppointmentPage.self, AppointmentsHomeCard.self]
    static let help: String? = "routines"
    static let cards: (any AreaCards.Type)? = AppointmentCards.self
    static let navigation: [NavigationEntry] = [NavigationEntry(href: "/appointments", key: "nav.appointments", place: .more, rank: 5)]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let appointments = AppointmentsController(
            renderer: services.renderer, appointments: AppointmentRepository(services.database), subjects: SubjectRepository(services.database),
            clinics: ClinicRepository(services.database), now: services.clock)
        router.get("/appointments", use: appointments.list)
        router.group("/appointments").add(middleware: RequireRecorderMiddleware())
            .get("new", use: appointments.new)
            .post(use: appointments.create)
            .get(":id/edit", use: appointments.edit)
            .post(":id", use: appointments.update)
            .post(":id/done", use: appointments.done)
            .post(":id/delete", use: appointments.delete)
        router.get("/appointments/:id", use: appointments.show)
    }
}
