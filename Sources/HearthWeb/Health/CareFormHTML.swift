import HearthCore
import HearthHTML

/// The vaccination form's list: each of the species' vaccines with a tick, its batch and its
/// next due date (blank: the schedule decides), then rows for vaccines typed by hand. Written in
/// Swift because the field names carry each vaccine's code.
enum CareFormHTML {
    static func vaccineRows(_ vaccines: [VaccineSchedule], input: [String: String], format: Formatting) -> HTML {
        var html = HTML.empty
        let batch = format.t("care.vaccination.batch"), nextDue = format.t("care.vaccination.next_due")
        for vaccine in vaccines {
            let code = vaccine.code
            let ticked = input["vaccine_\(code)"] != nil
            html +=
                #"<div class="vaccine-row"><label class="choice"><input type="checkbox" name="vaccine_\#(code)"\#(ticked ? " checked" : "")> \#(format.vaccine(code, vaccine.name))"#
            if vaccine.core { html += #" <span class="tag">\#(format.t("care.vaccination.core"))</span>"# }
            html += "</label>"
            html +=
                #"<div class="row"><div><label for="batch_\#(code)">\#(batch)</label><input id="batch_\#(code)" name="batch_\#(code)" value="\#(input["batch_\(code)"] ?? "")"></div>"#
            html +=
                #"<div><label for="next_due_\#(code)">\#(nextDue)</label><input id="next_due_\#(code)" name="next_due_\#(code)" type="date" value="\#(input["next_due_\(code)"] ?? "")"></div></div></div>"#
        }
        for row in 1...VaccinationVisit.typedRows {
            html += #"<div class="vaccine-row typed"><label for="other_name_\#(row)">\#(format.t("care.vaccination.other"))</label>"#
            html += #"<input id="other_name_\#(row)" name="other_name_\#(row)" value="\#(input["other_name_\(row)"] ?? "")">"#
            html +=
                #"<div class="row"><div><label for="other_batch_\#(row)">\#(batch)</label><input id="other_batch_\#(row)" name="other_batch_\#(row)" value="\#(input["other_batch_\(row)"] ?? "")"></div>"#
            html +=
                #"<div><label for="other_next_due_\#(row)">\#(nextDue)</label><input id="other_next_due_\#(row)" name="other_next_due_\#(row)" type="date" value="\#(input["other_next_due_\(row)"] ?? "")"></div></div></div>"#
        }
        return html
    }
}
