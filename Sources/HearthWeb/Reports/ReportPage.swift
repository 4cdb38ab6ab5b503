import HearthStore
import Hummingbird
import HearthHTML

/// A report: a subject's span, or the household's month with its contents.
struct ReportPage: Page {
    static let template = "reports/report"
    struct Link { let label, href: String }
    let heading: String
    let paper: String
    let paperLinks: [Link]
    let contents: [Link]
    let body: HTML
    let pdf: String
    let autoPrint: Bool
    let previous: String?
    let next: String?

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "paper": paper
        case "paperLinks": paperLinks.map { ["label": $0.label, "href": $0.href] }
        case "hasContents": !contents.isEmpty
        case "contents": contents.map { ["label": $0.label, "href": $0.href] }
        case "body": body
        case "pdf": pdf
        case "autoPrint": autoPrint
        case "previous": previous ?? false
        case "next": next ?? false
        default: nil
        }
    }
}
