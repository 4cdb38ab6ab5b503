import HearthHTML
import HearthCore
import HearthStore

/// A pet's foods with the pet's preference for each, as `<li>` items, each with a small form
/// to change it for members who record. Written in Swift for the reason `EntryListHTML` is:
/// it is the longest loop of the pet's page, a dozen Mustache lookups a food.
enum FoodPreferenceListHTML {
    /// - Parameter csrf: the form token, or nil when this member may not change preferences.
    static func render(_ foods: [(food: Food, preference: FoodPreference?)], petID: Int64, csrf: String?, format: Formatting) -> HTML {
        var html = HTML.empty
        for (food, preference) in foods {
            html += preference == .allergic ? #"<li class="allergic">"# : "<li>"
            html += #"<span class="food-name">\#(food.name)"#
            if let preference { html += #" <span class="tag">\#(format.t("pets.preference.\(preference.rawValue)"))</span>"# }
            html += "</span>"
            if let csrf {
                let options = OptionView.html(
                    FoodPreference.allCases.map {
                        OptionView(value: $0.rawValue, label: format.t("pets.preference.\($0.rawValue)"), selected: preference == $0)
                    })
                html += #"<form method="post" action="\#(PetRoutes.foodPreference(petID, food.id))" class="row">"#
                html += #"<input type="hidden" name="_csrf" value="\#(csrf)">"#
                html += #"<label class="visually-hidden" for="preference-\#(food.id)">\#(format.t("pets.profile.preference"))</label>"#
                html += #"<select id="preference-\#(food.id)" name="preference"><option value="">—</option>\#(options)</select>"#
                html += #"<button type="submit">\#(format.t("form.save"))</button></form>"#
            }
            html += "</li>\n"
        }
        return html
    }
}
