import HearthStore
import Hummingbird
import HearthHTML

/// `/reports`: this month's and last month's reports of each subject and the household,
/// the vet's spans for pets, and a form for any month.
struct ReportIndexPage: Page {
    static let template = "reports/index"
    struct Subject {
        let name, month, previous: String
        let vet30, vet90, rangeAction: String?
    }
    let thisMonth: String
    let lastMonth: String
    let household: Subject
    let subjects: [Subject]
    let choices: [OptionView]
    let month: String

    func child(named name: String) -> Any? {
        func row(_ subject: Subject) -> [String: Any] {
            [
                "name": subject.name, "month": subject.month, "previous": subject.previous, "vet30": subject.vet30 ?? false, "vet90": subject.vet90 ?? false,
                "rangeAction": subject.rangeAction ?? false,
            ]
        }
        switch name {
        case "thisMonth": return thisMonth
        case "lastMonth": return lastMonth
        case "subjects": return ([household] + subjects).map(row)
        case "choices": return choices
        case "month": return month
        default: return nil
        }
    }
}
