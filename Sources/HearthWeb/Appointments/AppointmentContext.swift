import HearthStore
import Hummingbird

/// `/appointments/:id/…`: the appointment, loaded once for the member (404 when it is gone or hidden).
struct AppointmentContext: LoadedContext {
    var app: AppRequestContext
    let appointment: Appointment

    init(app: AppRequestContext, loaded: Appointment) {
        self.app = app
        self.appointment = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    func loadingAppointment(_ appointments: AppointmentRepository) -> RouterGroup<AppointmentContext> {
        loading(AppointmentContext.self, gone: "appointments.error.gone") { id, context in try appointments.appointment(id: id, access: context.access) }
    }
}
