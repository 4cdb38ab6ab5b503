import HearthHTML

/// The activity page's filters: who, for whom, what, and the day, each showing what was chosen.
enum ActivityFiltersHTML {
    static func render(members: [(String, String)], subjects: [(String, String)], kinds: [String], shown: [String: String], format: Formatting) -> HTML {
        func select(_ name: String, _ all: String, _ options: [(String, String)]) -> HTML {
            var html: HTML =
                #"<label for="activity-\#(name)">\#(format.t("history.\(name)"))</label><select id="activity-\#(name)" name="\#(name)"><option value="">\#(all)</option>"#
            for (value, label) in options {
                html += #"<option value="\#(value)"\#(shown[name] == value ? " selected" : "")>\#(label)</option>"#
            }
            return html + "</select>"
        }
        var html = select("member", format.t("history.all_members"), members)
        html += select("subject", format.t("history.all_subjects"), subjects)
        html += select("kind", format.t("history.all_kinds"), kinds.map { ($0, format.t("history.what.\($0)")) })
        html += #"<label for="activity-day">\#(format.t("history.day"))</label><input id="activity-day" type="date" name="day" value="\#(shown["day"] ?? "")">"#
        return html
    }
}
