import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// Clinics by how far they are from home (set once on `/clinics`), and the form that sets it.
enum ClinicDistances {
    /// What "near" means at night: the cat diary's 5 km.
    static let nearKilometres = 5.0

    /// Each clinic's kilometres from home (nil: home or the clinic's place unknown).
    static func kilometres(_ clinic: Clinic, from home: GeoPoint?) -> Double? {
        guard let home, let place = clinic.place else { return nil }
        return home.kilometres(to: place)
    }

    /// Each clinic's kilometres from home, worked out once (a place is worked out from the grid).
    static func kilometres(_ clinics: [Clinic], from home: GeoPoint?) -> [Int64: Double] {
        Dictionary(uniqueKeysWithValues: clinics.compactMap { clinic in kilometres(clinic, from: home).map { (clinic.id, $0) } })
    }

    /// The household's "where home is" form, with its problem on its field.
    static func form(home: GeoPoint?, clinics: [Clinic], typed: [String: String], error: String?, csrf: String, format: Formatting) -> HTML {
        // At the top of the list: open until home is set (or when what was typed is refused), then one line.
        let open: HTML = home == nil || error != nil ? " open" : ""
        let summary = home.map { format.t("care.home.set", ["place": text($0)]) } ?? format.t("care.home.title")
        var html: HTML = #"<section class="card narrow" id="home"><details\#(open)><summary><strong>\#(summary)</strong></summary>"#
        html += #"<p class="hint">\#(format.t("care.home.hint"))</p>"#
        html += #"<form method="post" action="\#(ClinicRoutes.home.pattern)"><input type="hidden" name="_csrf" value="\#(csrf)">"#
        html += #"<label for="home-coordinates">\#(format.t("care.home.coordinates"))</label>"#
        html +=
            #"<input id="home-coordinates" name="coordinates" inputmode="decimal" autocomplete="off" placeholder="37.5665, 126.9780" value="\#(typed["coordinates"] ?? "")""#
        if error != nil { html += #" aria-invalid="true" aria-describedby="home-error""# }
        html += ">"
        if let error { html += #"<p class="field-error" id="home-error">\#(error)</p>"# }
        let placed = clinics.filter { $0.place != nil }
        if !placed.isEmpty {
            html +=
                #"<label for="home-clinic">\#(format.t("care.home.near_clinic"))</label><select id="home-clinic" name="clinic"><option value="">\#(format.t("care.home.choose"))</option>"#
            for clinic in placed.sorted(by: { $0.name.localizedStandardCompare($1.name) == .orderedAscending }) {
                let selected: HTML = typed["clinic"] == String(clinic.id) ? " selected" : ""
                html += #"<option value="\#(clinic.id)"\#(selected)>\#(clinic.name)\#(clinic.district.map { " · " + $0 } ?? "")</option>"#
            }
            html += "</select>"
        }
        html += #"<p class="actions"><button type="submit" class="primary">\#(format.t("care.home.save"))</button>"#
        if home != nil { html += #" <button type="submit" name="clear" value="1">\#(format.t("care.home.clear"))</button>"# }
        return html + "</p></form></details></section>"
    }

    static func text(_ point: GeoPoint) -> String { String(format: "%.5f, %.5f", point.latitude, point.longitude) }

    /// "1.2 km" (a tenth of a kilometre is a short walk; whole ones past 10).
    static func label(_ kilometres: Double, format: Formatting) -> String {
        format.t("care.clinic.km", ["km": format.number(kilometres, decimals: kilometres < 10 ? 1 : 0)])
    }
}
