/// A medicine or a supplement of the household's catalogue: its own, or imported from the
/// public lists (the drug permits, the health-supplement products).
public struct MedicineInput: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case medicine, supplement }

    public var kind: Kind
    public var name: String
    public var company: String?
    /// Ingredients with their amounts, as the label writes them.
    public var ingredients: String?
    public var classification: String?
    /// Tablet, capsule, liquid, drops …
    public var form: String?
    /// nil: not known (supplements; the household's own).
    public var prescription: Bool?
    public var purpose: String?
    public var howToTake: String?
    public var warnings: String?
    public var notes: String?

    public init(
        kind: Kind, name: String, company: String? = nil, ingredients: String? = nil, classification: String? = nil, form: String? = nil,
        prescription: Bool? = nil, purpose: String? = nil, howToTake: String? = nil, warnings: String? = nil, notes: String? = nil
    ) {
        (self.kind, self.name, self.company, self.ingredients, self.classification, self.form) = (kind, name, company, ingredients, classification, form)
        (self.prescription, self.purpose, self.howToTake, self.warnings, self.notes) = (prescription, purpose, howToTake, warnings, notes)
    }

    public static let fieldNames = [
        "kind", "name", "company", "ingredients", "classification", "form", "prescription", "purpose", "how_to_take", "warnings", "notes",
    ]

    public static func validate(_ input: [String: String]) -> Validated<MedicineInput> {
        var errors = FieldErrors()
        func text(_ name: String) -> String? { FormInput.text(input, name, errors: &errors) }
        let kind: Kind? = FormInput.choice(input, "kind", default: .medicine, errors: &errors)
        let name = text("name")
        if name == nil { errors.add("name", "medicines.error.name_required") }
        var prescription: Bool?
        switch input["prescription", default: ""] {
        case "": prescription = nil
        case "yes": prescription = true
        case "no": prescription = false
        default: errors.add("prescription", "error.choice.unknown")
        }
        let medicine = MedicineInput(
            kind: kind ?? .medicine, name: name ?? "", company: text("company"), ingredients: text("ingredients"),
            classification: text("classification"), form: text("form"), prescription: prescription,
            purpose: text("purpose"), howToTake: text("how_to_take"), warnings: text("warnings"),
            notes: text("notes"))
        return errors.isEmpty ? .valid(medicine) : .invalid(errors)
    }
}

/// One item of a public list, with the key that makes importing it again an update.
public struct ListedMedicine: Sendable, Equatable {
    /// `drug:<ITEM_SEQ>` or `supplement:<PRDLST_REPORT_NO>` (else the name and company).
    public let key: String
    public let medicine: MedicineInput

    public init(key: String, medicine: MedicineInput) { (self.key, self.medicine) = (key, medicine) }
}
