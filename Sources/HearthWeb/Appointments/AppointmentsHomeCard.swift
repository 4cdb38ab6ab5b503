import HearthHTML

/// The home page's appointments: D-3 토리 건강검진 금 10:00 · 해든동물병원.
struct AppointmentsHomeCard: Page {
    static let template = "appointments/home"
    let appointments: HTML
    let all = AppointmentRoutes.list.pattern

    func child(named name: String) -> Any? {
        switch name {
        case "appointments": appointments
        case "all": all
        default: nil
        }
    }
}
