import HearthHTML

/// The home page's appointments: D-3 토리 건강검진 금 10:00 · 해든동물병원.
struct AppointmentsHomeCard: Page {
    static let template = "appointments/home"
    let appointments: HTML

    func child(named name: String) -> Any? {
        name == "appointments" ? appointments : nil
    }
}
