import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// Every text field of every form the pages render has a limit in `FieldLimits`, and the
/// server holds it: the form sent back with that one field a character over its limit is
/// refused with the limit and the length named, and nothing is written.
@Suite("Field limits")
struct FieldLimitTests {
    /// One `<form>` as a browser would send it untouched.
    struct Form {
        let action: String
        let multipart: Bool
        var values: [String: String]
        var textFields: [String]
        /// Fields a browser would cut to a length as they are pasted into, which the server,
        /// naming the limit, does better.
        var cutByBrowser: [String] = []
    }

    @Test("every text field of every page has a limit, and one character more is refused on the server")
    func everyFieldHasItsLimit() async throws {
        try await withHousehold { hearth, owner in
            let ids = try await RoleMatrixTests.household(owner, hearth: hearth, photo: true)
            try await RoleMatrixTests.makeAnimation(owner, ids: ids)
            var pages = RoleMatrixTests.routes.filter { $0.key.hasPrefix("GET ") }.map { $0.value.path(ids) }
            pages += EntryKind.allCases.map { "/pets/\(ids.pet)/records/new?kind=\($0.rawValue)" }
            var forms: [String: Form] = [:]
            var unlimited: Set<String> = [], cut: Set<String> = []
            for page in pages.sorted() {
                for form in Self.forms(in: try await owner.get(page).text) {
                    unlimited.formUnion(form.textFields.filter { FieldLimits.limit($0) == nil }.map { "\($0) on \(page)" })
                    cut.formUnion(form.cutByBrowser.map { "\($0) on \(page)" })
                    forms[form.action] = forms[form.action] ?? form
                }
            }
            #expect(unlimited.sorted() == [], "text fields with no limit in FieldLimits")
            #expect(cut.sorted() == [], "a maxlength cuts a paste without a word")
            #expect(forms.count > 30, "the walk found the pages' forms")

            var checked = 0
            for (action, form) in forms.sorted(by: { $0.key < $1.key }) where action.hasPrefix("/") {
                for field in form.textFields {
                    guard case .characters(let most) = FieldLimits.limit(field) else { continue }
                    try await owner.get(action.hasPrefix("/gallery/animations") ? "/gallery/animations/1" : "/")
                    #expect(try await Self.refused(form, field: field, most: most, as: owner, database: hearth.database), "\(field) on \(action)")
                    checked += 1
                }
            }
            #expect(checked > 80, "every limited field was sent over its limit (\(checked))")
            print("field limits: \(forms.count) forms, \(checked) fields sent over their limit")
        }
    }

    @Test("the set-up form's fields have their limits too")
    func setupFields() async throws {
        try await withHearth { hearth, client in
            let browser = Browser(client)
            let forms = Self.forms(in: try await browser.get("/setup").text)
            let form = try #require(forms.first { $0.action == "/setup" })
            #expect(form.textFields.filter { FieldLimits.limit($0) == nil } == [])
            var values = form.values
            values.merge([
                "household_name": "The Kims", "username": "mina", "password": ownerPassword, "password_confirm": ownerPassword, "time_zone": "Asia/Seoul",
            ]) { $1 }
            for field in ["household_name", "display_name"] {
                guard case .characters(let most) = FieldLimits.limit(field) else {
                    Issue.record("\(field) is text")
                    continue
                }
                var sent = values
                sent[field] = String(repeating: "가", count: most + 1)
                let response = try await browser.post("/setup", sent)
                #expect(response.status == .unprocessableContent, "\(field)")
                #expect(response.text.contains("At most \(most.grouped) characters; this is \((most + 1).grouped)."), "\(field)")
            }
            #expect(try hearth.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM account") } == 0)
        }
    }

    /// The form with `field` one character over `most`, and everything else as the page gave it.
    static func refused(_ form: Form, field: String, most: Int, as browser: Browser, database: AppDatabase) async throws -> Bool {
        // Korean text where the body has room for it (three bytes a character, nine once encoded).
        let over = String(repeating: most < 20_000 ? "가" : "a", count: most + 1)
        var values = form.values
        values[field] = over
        values["_csrf"] = nil
        let before = try await RoleMatrixTests.Snapshot(database)
        let response = form.multipart ? try await browser.postMultipart(form.action, values) : try await browser.post(form.action, values)
        let named = response.text.contains("At most \(most.grouped) characters; this is \((most + 1).grouped).")
        let unchanged = try await RoleMatrixTests.Snapshot(database) == before
        if !(400..<500).contains(response.status.code) || !named || !unchanged {
            Issue.record("\(field) on \(form.action): \(response.status), limit named: \(named), nothing written: \(unchanged)")
            return false
        }
        return true
    }

    /// The forms that post, with what each would send untouched and its text fields.
    static func forms(in html: String) -> [Form] {
        html.matches(of: /(?s)<form\b([^>]*)>(.*?)<\/form>/).compactMap { match in
            let head = String(match.output.1), body = String(match.output.2)
            guard attribute("method", head)?.lowercased() == "post", let action = attribute("action", head) else { return nil }
            var form = Form(action: action, multipart: attribute("enctype", head) == "multipart/form-data", values: [:], textFields: [])
            for input in body.matches(of: /<(?:input|textarea)\b([^>]*)>/) {
                if let name = attribute("name", String(input.output.1)), attribute("maxlength", String(input.output.1)) != nil {
                    form.cutByBrowser.append(name)
                }
            }
            for input in body.matches(of: /<input\b([^>]*)>/) {
                let tag = String(input.output.1)
                guard let name = attribute("name", tag) else { continue }
                let type = attribute("type", tag)?.lowercased() ?? "text"
                switch type {
                case "text", "search", "url", "email", "tel", "password":
                    form.textFields.append(name)
                    form.values[name] = attribute("value", tag) ?? ""
                case "checkbox", "radio":
                    if tag.contains(" checked") { form.values[name] = attribute("value", tag) ?? "on" }
                case "file", "submit", "button": break
                default: form.values[name] = attribute("value", tag) ?? ""
                }
            }
            for area in body.matches(of: /(?s)<textarea\b([^>]*)>(.*?)<\/textarea>/) {
                guard let name = attribute("name", String(area.output.1)) else { continue }
                form.textFields.append(name)
                form.values[name] = unescape(String(area.output.2))
            }
            for select in body.matches(of: /(?s)<select\b([^>]*)>(.*?)<\/select>/) {
                guard let name = attribute("name", String(select.output.1)) else { continue }
                let options = String(select.output.2).matches(of: /<option\b([^>]*)>/).map { String($0.output.1) }
                let chosen = options.first { $0.contains(" selected") } ?? options.first
                form.values[name] = chosen.flatMap { attribute("value", $0) } ?? ""
            }
            return form
        }
    }

    static func attribute(_ name: String, _ tag: String) -> String? {
        guard let match = tag.firstMatch(of: try! Regex(#"(?:^|\s)"# + name + #"="([^"]*)""#)) else { return nil }
        return unescape(String(match.output[1].substring ?? ""))
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
