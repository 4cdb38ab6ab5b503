import Foundation
import HearthCore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// Every form that sends with `method="get"` is read as a browser sends it: a space typed in
/// a box arrives as `+` (and a typed `+` as `%2B`), and the page that answers shows the words
/// as they were typed.
@Suite("Forms sent with GET")
struct GetFormQueryTests {
    @Test("each GET form's text boxes, sent with spaces as +, come back as typed")
    func spacesAsPlus() async throws {
        try await withHousehold { hearth, owner in
            let ids = try await RoleMatrixTests.household(owner, hearth: hearth, photo: false)
            var pages = RoleMatrixTests.routes.filter { $0.key.hasPrefix("GET ") && !$0.key.contains("/api/") }.map { $0.value.path(ids) }
            pages.append("/search")
            var boxes: Set<String> = []
            for page in Set(pages).sorted() {
                let html = try await owner.get(page).text
                for form in html.matches(of: /(?s)<form\b([^>]*)>(.*?)<\/form>/) {
                    let head = String(form.output.1)
                    guard FieldLimitTests.attribute("method", head)?.lowercased() == "get" else { continue }
                    let action = FieldLimitTests.attribute("action", head) ?? page.split(separator: "?").first.map(String.init) ?? page
                    for input in String(form.output.2).matches(of: /<input\b([^>]*)>/) {
                        let tag = String(input.output.1)
                        // Words, not a number pad's box (a recipe's servings).
                        guard ["search", "text"].contains(FieldLimitTests.attribute("type", tag) ?? "text"), FieldLimitTests.attribute("inputmode", tag) == nil,
                            let name = FieldLimitTests.attribute("name", tag)
                        else { continue }
                        boxes.insert("\(action) \(name)")
                    }
                }
            }
            #expect(boxes.count >= 5, "the walk found the GET forms' boxes: \(boxes.sorted())")
            for box in boxes.sorted() {
                let parts = box.split(separator: " ").map(String.init)
                let typed = "노랑 타원형 1+1"
                let sent = typed.split(separator: " ").map { QueryLink.encode(String($0)) }.joined(separator: "+")
                let response = try await owner.get("\(parts[0])?\(parts[1])=\(sent)")
                #expect(response.status.code < 500, "\(box): \(response.status)")
                #expect(response.text.contains("노랑 타원형 1+1"), "\(box): the words are not shown as typed")
            }
        }
    }
}
