import HearthHTML
import HearthCore

/// `/people/{id}/goals`: water a day (cups, ml or fl oz), the cup's size, steps a day and a
/// healthy weight range (in the household's unit), from today on.
struct PersonGoalsPage: Page {
    static let template = "people/goals"
    static let fieldNames = ["water", "water_unit", "cup_ml", "steps", "weight_min", "weight_max"]
    let id: Int64
    let name: String
    let fields: FormFields
    let waterUnits: [OptionView]
    let weightUnit: String
    let problems: FormProblems

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "links": SubjectPageLinks(kind: .person, id: id)
        case "name": self.name
        case "fields": fields
        case "waterUnits": waterUnits
        case "weightUnit": weightUnit
        default: problems.child(named: name)
        }
    }
}
