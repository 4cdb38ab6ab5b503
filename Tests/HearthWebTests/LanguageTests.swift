import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Korean and English")
struct LanguageTests {
    @Test("before setup, the browser's Accept-Language chooses")
    func acceptLanguage() async throws {
        try await withHearth() { hearth, client in
            let korean = Browser(client)
            korean.acceptLanguage = "ko-KR,ko;q=0.9,en;q=0.8"
            let page = try await korean.get("/setup")
            #expect(page.text.contains(#"<html lang="ko" "#))
            #expect(page.text.contains("Hearth에 오신 것을 환영해요"))
            #expect(page.text.contains(#"<option value="ko" selected>"#), "the language choice defaults to the browser's")

            let english = Browser(client)
            english.acceptLanguage = "en-US,en;q=0.9"
            #expect(try await english.get("/setup").text.contains("Welcome to Hearth"))
        }
    }

    @Test("after setup: the member's choice, else the household's default")
    func memberThenHousehold() async throws {
        try await withHearth() { hearth, client in
            let owner = Browser(client)
            owner.acceptLanguage = "en"
            try await owner.setUpHousehold(language: "ko")
            let home = try await owner.get("/")
            #expect(home.text.contains("안녕하세요, Mina님"), "household default (ko) beats Accept-Language (en)")
            let notFound = try await owner.get("/nowhere")
            #expect(notFound.status == .notFound)
            #expect(notFound.text.contains("페이지를 찾을 수 없어요"), "error pages too")

            try await owner.get("/me")
            #expect(try await owner.post("/me", ["display_name": "Mina", "language": "en"]).status == .seeOther)
            #expect(try await owner.get("/").text.contains("Hello, Mina"))
            #expect(try await owner.get("/nowhere").text.contains("Page not found"))
        }
    }

    @Test("each language has the same file per area, holding the same keys; a key in two files is refused")
    func sameFiles() throws {
        let folder = packageRoot + "/Templates/i18n"
        func keys(_ language: String) throws -> [String: Set<String>] {
            var found: [String: Set<String>] = [:]
            for file in try FileManager.default.contentsOfDirectory(atPath: folder + "/" + language) where file.hasSuffix(".json") {
                let tree = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(language)/\(file)"))) as? [String: Any]
                found[file] = Set(tree?.keys.map { $0 } ?? [])
            }
            return found
        }
        let english = try keys("en"), korean = try keys("ko")
        #expect(english == korean)
        #expect(english.count > 10, "a file per area")

        let copy = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: folder, toPath: copy)
        try #"{"pets": {"title": "Twice"}}"#.write(toFile: copy + "/en/other.json", atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try Localization(directory: copy) }
    }

    @Test("both languages have exactly the same keys, none empty")
    func sameKeys() throws {
        let strings = try Localization(directory: packageRoot + "/Templates/i18n")
        let english = try #require(strings.flat[.en]), korean = try #require(strings.flat[.ko])
        #expect(
            Set(english.keys) == Set(korean.keys),
            "missing in ko: \(Set(english.keys).subtracting(korean.keys)); missing in en: \(Set(korean.keys).subtracting(english.keys))")
        #expect(english.values.allSatisfy { !$0.isEmpty })
        #expect(korean.values.allSatisfy { !$0.isEmpty })
    }

    @Test("placeholders are filled by name; an unknown one stays visible")
    func placeholders() throws {
        let strings = try Localization(directory: packageRoot + "/Templates/i18n", strict: false)
        #expect(strings.text("pets.age.years_months", .en, ["years": "3", "months": "2"]) == "3 y 2 m")
        #expect(strings.text("pets.age.years_months", .ko, ["months": "2", "years": "3"]) == "3년 2개월")
        #expect(strings.text("pets.age.years_months", .en, ["years": "{months}", "months": "2"]) == "{months} y 2 m")
        #expect(strings.text("pets.age.years_months", .en, ["years": "3"]) == "3 y {months} m")
        #expect(strings.text("pets.record.by", .ko, ["name": "미나"]) == "미나 기록", "a placeholder beside Hangul")
        // A missing key is its own text, so these try the filling on any string.
        #expect(strings.text("note {name} then { left open", .en, ["name": "Mina"]) == "note Mina then { left open", "an unclosed brace is text, said once")
        #expect(strings.text("{ at the start", .en, ["name": "Mina"]) == "{ at the start")
    }

    @Test("templates get their strings written in once per language, escaped, never as tags")
    func resolvedTemplates() throws {
        let strings = try Localization(directory: packageRoot + "/Templates/i18n", strict: false)
        let korean = strings.text("nav.sign_out", .ko)
        #expect(korean != strings.text("nav.sign_out", .en))
        #expect(strings.resolve("<b>{{t.nav.sign_out}}</b>{{page.name}}", .ko) == "<b>\(korean)</b>{{page.name}}")
        // A missing key shows itself rather than nothing; its braces cannot start a tag.
        #expect(strings.resolve("{{t.no.such_key}}", .en) == "no.such_key")
    }

    @Test("every string key the templates use exists")
    func templateKeysExist() throws {
        let strings = try Localization(directory: packageRoot + "/Templates/i18n")
        let english = try #require(strings.flat[.en])
        let directory = packageRoot + "/Templates"
        let files = FileManager.default.enumerator(atPath: directory)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".mustache") }
        for file in files {
            let source = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            for match in source.matches(of: /\{\{t\.([a-z0-9_.]+)\}\}/) {
                #expect(english[String(match.output.1)] != nil, "\(file): t.\(match.output.1)")
            }
        }
    }

    @Test("the command line speaks the terminal's language, else the household's, from the same string files")
    func commandLine() throws {
        #expect(CommandLineText.terminalLanguage(["LANG": "ko_KR.UTF-8"]) == .ko)
        #expect(CommandLineText.terminalLanguage(["LC_ALL": "en_GB.UTF-8", "LANG": "ko_KR.UTF-8"]) == .en, "LC_ALL wins")
        #expect(CommandLineText.terminalLanguage(["LANG": "C"]) == nil)
        let korean = try CommandLineText(resourcesDirectory: packageRoot, environment: ["LANG": "ko_KR.UTF-8"])
        var errors = FieldErrors()
        errors.add("password", "error.password.short")
        #expect(korean.problems(errors) == "비밀번호: 10자 이상으로 해 주세요.")
        #expect(korean.text("cli.added", ["username": "mina", "role": korean.role(.owner)]) == "mina(관리자) 계정을 추가했습니다.")
        let household = try CommandLineText(resourcesDirectory: packageRoot, environment: ["LANG": "C"], householdLanguage: .ko)
        #expect(household.language == .ko)
        let english = try CommandLineText(resourcesDirectory: packageRoot, environment: [:])
        #expect(english.text("cli.no_account", ["username": "bo"]) == "No account named bo. `hearth user list` shows who there is.")
    }
}

@Suite("Set-up in the household's place")
struct SetupZoneTests {
    @Test("a Korean browser's set-up preselects Asia/Seoul and lists it first; the machine's own zone wins when it is a likely one")
    func koreanBrowser() async throws {
        #expect(LikelyTimeZones.zones(acceptLanguage: "ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7").prefix(2) == ["Asia/Seoul", "America/New_York"])
        #expect(LikelyTimeZones.zones(acceptLanguage: "ko") == ["Asia/Seoul"])
        #expect(LikelyTimeZones.preselected(acceptLanguage: "ko-KR", machine: "UTC") == "Asia/Seoul")
        #expect(LikelyTimeZones.preselected(acceptLanguage: "en-US", machine: "America/Denver") == "America/Denver")
        #expect(LikelyTimeZones.preselected(acceptLanguage: nil, machine: "Europe/Berlin") == "Europe/Berlin")
        try await withHearth { _, client in
            let browser = Browser(client)
            let page = try await browser.get("/setup", headers: [.acceptLanguage: "ko-KR,ko;q=0.9"]).text
            let likely = try #require(page.firstMatch(of: /<optgroup label="[^"]+">(.*?)<\/optgroup>/)).output.1
            #expect(likely.contains(#"<option value="Asia/Seoul" selected>"#))
            #expect(page.components(separatedBy: " selected>").count == 3, "one zone and one language selected")
            #expect(page.contains(/\/static\/js\/browser-zone\.[0-9a-f]{10}\.js/))
        }
    }
}
