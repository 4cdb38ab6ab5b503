import HearthCore
import HearthHTML

/// The repeated rows of the regimen form (items, times, weekdays), built here rather than in
/// the template: six rows of seven fields each, with their errors.
enum RegimenFormHTML {
    static func error(_ field: FieldView?) -> HTML {
        field?.error.map { #"<p class="field-error" role="alert">\#($0)</p>"# } ?? .empty
    }

    static func items(_ fields: FormFields, format: Formatting, isPet: Bool) -> HTML {
        var html = HTML.empty
        for n in 1...RegimenInput.itemFields {
            let f = { (part: String) in "item_\(n)_\(part)" }
            let value = { (part: String) in fields[f(part)]?.value ?? "" }
            // Rows after the first two open only when filled or wrong; the rest wait in a <details>.
            let shown = n <= 2 || !value("name").isEmpty || fields[f("name")]?.error != nil
            html += shown ? #"<fieldset class="item-row">"# : #"<details class="item-row"><summary>\#(format.t("regimens.another_item"))</summary><fieldset>"#
            html +=
                #"<legend>\#(format.t("regimens.item_n", ["n": String(n)]))</legend><input type="hidden" name="\#(f("medicine"))" value="\#(value("medicine"))">"#
            html +=
                #"<label for="\#(f("name"))">\#(format.t("regimens.field.item_name"))</label><input id="\#(f("name"))" name="\#(f("name"))" value="\#(value("name"))">\#(error(fields[f("name")]))"#
            html +=
                #"<div class="row"><div><label for="\#(f("amount"))">\#(format.t("regimens.field.amount"))</label><input id="\#(f("amount"))" name="\#(f("amount"))" value="\#(value("amount"))" inputmode="decimal" placeholder="1">\#(error(fields[f("amount")]))</div>"#
            html +=
                #"<div><label for="\#(f("unit"))">\#(format.t("regimens.field.unit"))</label><input id="\#(f("unit"))" name="\#(f("unit"))" value="\#(value("unit"))" list="dose-units" placeholder="\#(format.t("regimens.unit_hint"))">\#(error(fields[f("unit")]))</div></div>"#
            html += #"<div class="row">"#
            if isPet {
                html +=
                    #"<div><label for="\#(f("mg_per_kg"))">\#(format.t("regimens.field.mg_per_kg"))</label><input id="\#(f("mg_per_kg"))" name="\#(f("mg_per_kg"))" value="\#(value("mg_per_kg"))" inputmode="decimal">\#(error(fields[f("mg_per_kg")]))</div>"#
            }
            html +=
                #"<div><label for="\#(f("in_hand"))">\#(format.t("regimens.field.in_hand"))</label><input id="\#(f("in_hand"))" name="\#(f("in_hand"))" value="\#(value("in_hand"))" inputmode="decimal">\#(error(fields[f("in_hand")]))</div>"#
            html +=
                #"<div><label for="\#(f("refill_days"))">\#(format.t("regimens.field.refill_days"))</label><input id="\#(f("refill_days"))" name="\#(f("refill_days"))" value="\#(value("refill_days"))" inputmode="numeric" placeholder="7">\#(error(fields[f("refill_days")]))</div></div>"#
            html += shown ? "</fieldset>" : "</fieldset></details>"
        }
        return html
    }

    static func times(_ fields: FormFields, format: Formatting) -> HTML {
        var html = HTML.empty
        for n in 1...CareSchedule.timeFields {
            let name = "time_\(n)"
            html +=
                #"<span class="time-field"><label for="\#(name)" class="visually-hidden">\#(format.t("regimens.time_n", ["n": String(n)]))</label><input id="\#(name)" name="\#(name)" type="time" value="\#(fields[name]?.value ?? "")">\#(error(fields[name]))</span>"#
        }
        return html
    }

    static func weekdays(_ fields: FormFields, format: Formatting) -> HTML {
        // Monday first, as a week is read in both languages the household uses.
        [2, 3, 4, 5, 6, 7, 1].map { day -> HTML in
            let name = "weekday_\(day)"
            let checked: HTML = ["on", "yes", "1", "true"].contains(fields[name]?.value ?? "") ? " checked" : .empty
            return #"<label class="choice"><input type="checkbox" name="\#(name)"\#(checked)> \#(format.t("regimens.weekday.\(day)"))</label>"#
        }.joined()
    }
}
