import Foundation
import HearthStore
import Hummingbird

/// Appointments: what will happen once, with its D-day, and what it turned into.
enum AppointmentsArea: Area {
    static let pages: [any Page.Type] = [AppointmentListPage.self, AppointmentFormPage.self, AppointmentPage.self]
    static let help: String? = "routines"
    static let cards: (any AreaCards.Type)? = AppointmentCards.self
    static let navigation: [NavigationEntry] = [NavigationEntry(href: AppointmentRoutes.list.pattern, key: "nav.appointments", place: .more, rank: 5)]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let appointments = AppointmentsController(
            renderer: services.renderer, appointments: AppointmentRepository(services.database), subjects: SubjectRepository(services.database),
            clinics: ClinicRepository(services.database), now: services.clock)
        let repository = AppointmentRepository(services.database)
        typealias R = AppointmentRoutes
        router.get(R.list.path, use: appointments.list)
        router.group().add(middleware: RequireRecorderMiddleware())
            .get(R.new.path, use: appointments.new)
            .post(R.list.path, use: appointments.create)
        router.group(R.one.path).loadingAppointment(repository)
            .get(use: appointments.show)
        router.group(R.one.path).add(middleware: RequireRecorderMiddleware()).loadingAppointment(repository)
            .get(R.edit.under(R.one), use: appointments.edit)
            .post(use: appointments.update)
            .post(R.done.under(R.one), use: appointments.done)
            .post(R.delete.under(R.one), use: appointments.delete)
    }
}

/// Appointments' pages, for the router and for every link to them.
enum AppointmentRoutes {
    static let list = Route("/appointments")
    static let new = Route("/appointments/new")
    static let one = Route("/appointments/:id")
    static let edit = Route("/appointments/:id/edit")
    static let done = Route("/appointments/:id/done")
    static let delete = Route("/appointments/:id/delete")
}
