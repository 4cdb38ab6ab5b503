/// What bounds one form field. Text is checked against its length here and nowhere else: the
/// forms read it through `FormInput.text`, and `FieldLimitTests` walks every form the pages
/// render and fails on a field this table does not name.
public enum FieldLimit: Sendable, Equatable {
    /// Text of at most this many characters.
    case characters(Int)
    /// A password: `Credentials` refuses one past what bcrypt reads.
    case password
    /// A username: `Credentials` takes 3 to 32 characters.
    case username
    /// Read by a parser that takes only its own shape (a number by `FormInput.parsed`, opening
    /// hours "09:00-18:00"), so nothing longer than that shape is kept.
    case parsed
    /// Text read as a file would be (a pasted recipe page), bounded as that file is.
    case file(bytes: UInt64)
}

public enum FieldLimits {
    /// By the field's name as the forms send it; a row's number is written `#`
    /// (`step_3_text` is `step_#_text`), and a name ending in `*` covers every name it begins.
    static let fields: [String: FieldLimit] = [
        // Names and titles.
        "name": .characters(TextLimit.name), "household_name": .characters(TextLimit.name), "label": .characters(TextLimit.name),
        "display_name": .characters(TextLimit.name), "title": .characters(TextLimit.name),
        "breed": .characters(TextLimit.name), "clinic_name": .characters(TextLimit.name), "vet": .characters(TextLimit.name),
        "product": .characters(TextLimit.name), "new_food_name": .characters(TextLimit.name), "source_name": .characters(TextLimit.name),
        "company": .characters(TextLimit.name), "classification": .characters(TextLimit.name), "reason": .characters(TextLimit.name),
        "address": .characters(TextLimit.name), "place": .characters(TextLimit.name), "markings": .characters(TextLimit.name),
        "contents": .characters(TextLimit.name), "field_#_name": .characters(TextLimit.name),
        "other_name_#": .characters(TextLimit.name), "item_#_name": .characters(TextLimit.name),
        "name_#": .characters(TextLimit.name), "added": .characters(TextLimit.name), "step_#_section": .characters(TextLimit.name),
        // Short labels.
        "species_other": .characters(TextLimit.label), "microchip": .characters(TextLimit.label), "batch_*": .characters(TextLimit.label),
        "other_batch_#": .characters(TextLimit.label), "item_#_unit": .characters(TextLimit.label), "form": .characters(TextLimit.label),
        "currency": .characters(TextLimit.label), "phone": .characters(TextLimit.phone),
        "coordinates": .characters(TextLimit.label), "field_#_unit": .characters(TextLimit.label), "field_#_choice_#": .characters(TextLimit.label),
        // Addresses.
        "source_url": .characters(TextLimit.url), "ntfy_url": .characters(TextLimit.url), "webhook_url": .characters(TextLimit.url),
        "web_address": .characters(TextLimit.url),
        "folder": .characters(TextLimit.url),
        // Notes.
        "note": .characters(TextLimit.note), "notes": .characters(TextLimit.note), "description": .characters(TextLimit.note),
        "diagnosis": .characters(TextLimit.note), "treatment": .characters(TextLimit.note), "medicines": .characters(TextLimit.note),
        "tip": .characters(TextLimit.note), "tracker_f#": .characters(TextLimit.note), "how": .characters(TextLimit.note),
        "purpose": .characters(TextLimit.leaflet),
        "ingredients": .characters(TextLimit.ingredients), "how_to_take": .characters(TextLimit.leaflet),
        "warnings": .characters(TextLimit.leaflet), "text": .characters(TextLimit.diary), "step_#_text": .characters(TextLimit.step),
        "tags": .characters(TextLimit.list), "pasted": .file(bytes: ImportLimits.recipeFileBytes),
        // Accounts.
        "username": .username, "password": .password, "password_confirm": .password, "current_password": .password,
        "new_password": .password, "new_password_confirm": .password,
        // Numbers and hours typed as text (a phone's number pad, which a number input would not let one correct).
        "weight": .parsed, "weight_min": .parsed, "weight_max": .parsed, "steps": .parsed, "cups": .parsed, "servings": .parsed, "water": .parsed,
        "times": .parsed, "seconds": .parsed, "ml": .parsed, "minutes": .parsed, "minimum_hours": .parsed, "preparation_minutes": .parsed,
        "cooking_minutes": .parsed, "kcal_per_serving": .parsed, "grams_per_serving": .parsed, "new_food_kcal": .parsed, "new_food_kcal_piece": .parsed,
        "every": .parsed, "end_days": .parsed, "distance_km": .parsed, "cycle_days": .parsed, "cup_ml": .parsed, "cost": .parsed,
        "booster_months": .parsed, "amount": .parsed, "age_years": .parsed, "again_minutes": .parsed, "escalate_minutes": .parsed, "order_#": .parsed,
        "step_#_order": .parsed, "item_#_amount": .parsed, "item_#_mg_per_kg": .parsed, "item_#_in_hand": .parsed,
        "item_#_refill_days": .parsed, "hours_#": .parsed, "order_#-#": .parsed, "target": .parsed, "meals": .parsed, "months": .parsed, "soon_days": .parsed,
        "bin_days": .parsed, "tracker_f#_min": .parsed, "tracker_f#_sec": .parsed, "field_#_low": .parsed, "field_#_high": .parsed,
        "field_#_step": .parsed, "field_#_goal_low": .parsed, "field_#_goal_high": .parsed, "field_#_urgent": .parsed, "field_#_most": .parsed,
    ]

    /// The field's limit, or nil when no form should have it.
    public static func limit(_ field: String) -> FieldLimit? {
        if let limit = fields[field] { return limit }
        if let limit = fields[field.replacing(/[0-9]+/, with: "#")] { return limit }
        return fields.first { $0.key.hasSuffix("*") && field.hasPrefix($0.key.dropLast()) }?.value
    }

    /// The most characters a text field takes.
    public static func characters(_ field: String) -> Int {
        guard case .characters(let most) = limit(field) else {
            // A text field missing from the table is a programming error the page walk catches;
            // a release build still bounds it by the shortest text limit.
            assertionFailure("no text limit for the field \(field)")
            return TextLimit.name
        }
        return most
    }
}
