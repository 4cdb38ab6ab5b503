import HearthStore
import HearthHTML
import Hummingbird

/// `/recipes/new` and `/recipes/{id}/edit`.
struct RecipeFormPage: Page {
    static let template = "recipes/form"
    let heading: String
    let action: String
    let cancel: String
    let fields: FormFields
    let problems: FormProblems
    let categories: [OptionView]
    let steps: [RecipeForm.StepRow]
    /// The dish's own photo, when it has one.
    let photo: String?
    /// An imported recipe's image address.
    let imageLink: String?
    let stepsError: String?

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "cancel": cancel
        case "fields": fields
        case "categories": categories
        case "steps": steps
        case "stepCount": String(steps.count)
        case "photo": photo ?? false
        case "imageLink": imageLink ?? false
        case "stepsError": stepsError ?? false
        default: problems.child(named: name)
        }
    }
}
