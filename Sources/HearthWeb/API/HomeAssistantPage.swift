import Foundation

/// `/api/home-assistant`: the package to paste, once its token is made.
struct HomeAssistantPage: Page {
    static let template = "api/home-assistant"
    /// `packages/hearth.yaml` with its new token; nil before the member asked for it.
    let package: String?
    let address: String

    func child(named name: String) -> Any? {
        switch name {
        case "package": package ?? false
        case "address": address
        // The same text as a file to save with one tap.
        case "download": package.map { "data:text/yaml;charset=utf-8," + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? false
        default: nil
        }
    }
}
