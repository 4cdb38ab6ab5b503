import HearthStore
import HearthHTML
import Hummingbird

/// `/recipes/import`: a file, or pasted text, and what the last import did.
struct RecipeImportPage: Page {
    static let template = "recipes/import"
    var pasted = ""
    var problem: String?
    var summary: Summary?

    /// What an import did, said in the member's language.
    struct Summary: PagePart {
        let heading: String
        let imported: [Link]
        let duplicates: [String]
        let refused: [String]
        let imageLinks: Bool

        struct Link: PagePart {
            let title: String
            let href: String?
            func child(named name: String) -> Any? {
                switch name {
                case "title": title
                case "href": href ?? false
                default: nil
                }
            }
        }

        func child(named name: String) -> Any? {
            switch name {
            case "heading": heading
            case "imported": imported
            case "hasImported": !imported.isEmpty
            case "duplicates": duplicates
            case "hasDuplicates": !duplicates.isEmpty
            case "refused": refused
            case "hasRefused": !refused.isEmpty
            case "imageLinks": imageLinks
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "pasted": pasted
        case "problem": problem ?? false
        case "summary": summary ?? false
        default: nil
        }
    }
}
