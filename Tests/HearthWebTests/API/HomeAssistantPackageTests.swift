import Foundation
import HearthCore
@testable import HearthStore
import Testing
@testable import HearthWeb

@Suite("Home Assistant package")
struct HomeAssistantPackageTests {
    static func package(_ subjects: [SubjectSummary]) -> String {
        HomeAssistantPackage.yaml(
            address: "http://hearth.local:8080", token: "hearth_x", subjects: subjects, household: "우리집", made: LocalDate("2026-11-27")!
        ) { key, values in "\(key) \(values["name"] ?? "")" }
    }

    static func pet(_ id: Int64, _ name: String) -> SubjectSummary {
        SubjectSummary(id: id, kind: .pet, name: name, colour: nil, photoSHA: nil, petWeightUnit: .kg, createdAt: Date())
    }

    @Test("two pets with one name get sensors Home Assistant tells apart; a sensor with nothing to show is unavailable, not None")
    func names() throws {
        let text = Self.package([
            Self.pet(3, "나비"), Self.pet(7, "나비"), Self.pet(9, "토리"),
        ])
        let names = text.matches(of: /- name: "([^"]*)"/).map { String($0.output.1) }
        #expect(Set(names).count == names.count, "\(names)")
        #expect(names.contains("api.ha.yaml.weight 나비 #3") && names.contains("api.ha.yaml.weight 나비 #7") && names.contains("api.ha.yaml.weight 토리"))
        #expect(!text.contains("default(none)") && !text.contains("json_attributes_path"))
        #expect(text.components(separatedBy: "availability:").count - 1 == names.count, "every sensor says when it has nothing to show")
    }

    @Test("every string is a YAML double-quoted scalar: quotes, backslashes and control characters escaped")
    func quoting() {
        #expect(HomeAssistantPackage.quoted(#"a "b" \c"#) == #""a \"b\" \\c""#)
        #expect(HomeAssistantPackage.quoted("x\ny\u{85}\u{2028}") == #""x\ny\u0085\u2028""#)
        #expect(HomeAssistantPackage.quoted("나비 🐈") == "\"나비 🐈\"")
    }
}
