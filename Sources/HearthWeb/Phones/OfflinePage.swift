/// `/offline`: what the service worker shows for a page it never kept, when there is no connection.
struct OfflinePage: Page {
    static let template = "phones/offline"

    func child(named name: String) -> Any? { nil }
}
