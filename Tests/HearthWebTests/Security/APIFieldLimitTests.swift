import Foundation
import HearthAPI
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// The API's writes hold the bounds their description declares, through the forms' rules:
/// every property of every write's body is read from `openapi.yaml`, must be one the rules
/// name (`FieldLimits`, with the same length), and one step past each bound is refused on its
/// field with nothing written. A property the rules do not name fails the test.
extension FieldLimitTests {
    /// One property of a write's body as the description declares it.
    struct APIField: CustomStringConvertible {
        /// "POST /api/v1/people/{subject}/water", as the role matrix names the route.
        let route: String
        let name: String
        /// The property's schema on one line (`type: integer, minimum: 0, maximum: 200000`).
        let spec: String
        let required: Bool
        var description: String { "\(name) of \(route)" }
    }

    /// A value to send and how it must be refused.
    struct Over {
        let value: Any
        /// The field the refusal names, when the refusal is the rules' (422) rather than the decoder's.
        let field: String?
        var label: String { "\(value)".count > 40 ? "\("\(value)".count) characters" : "\(value)" }
    }

    @Test("every API write's body field is named by the forms' rules, and one step over each bound is refused on its field with nothing written")
    func apiWritesHoldTheirBounds() async throws {
        let fields = Self.apiWriteFields()
        #expect(Set(fields.map(\.route)).count >= 6, "the walk found the writes: \(fields)")
        try await withHousehold { hearth, owner in
            let ids = try await RoleMatrixTests.household(owner, hearth: hearth, photo: false)
            let token = try await APITokenRepository(hearth.database).make(for: "mina", scope: .admin, database: hearth.database)
            let api = APIClient(client: owner.client, token: token)
            var sent = 0
            for field in fields {
                guard let route = RoleMatrixTests.routes[field.route] else {
                    Issue.record("\(field.route) is not in the role matrix")
                    continue
                }
                let baseline = try route.json.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] } ?? [:]
                let required = Set(fields.filter { $0.route == field.route && $0.required }.map(\.name))
                for over in Self.overBounds(field) {
                    var body = baseline.filter { required.contains($0.key) }
                    if field.name == "fields" {
                        // The largest text a record's form takes, in a field of the record's kind.
                        body["kind"] = body["kind"] == nil ? nil : "diary"
                        body["fields"] = [over.field ?? "text": over.value]
                    } else {
                        body[field.name] = over.value
                    }
                    let json = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
                    let method = HTTPRequest.Method(rawValue: String(field.route.prefix { $0 != " " }))!
                    let before = try await RoleMatrixTests.Snapshot(hearth.database)
                    let response = try await api.call(method, route.path(ids), json: json)
                    let named = (try? APIClient.json(response)["errors"] as? [[String: Any]])?.compactMap { $0["field"] as? String } ?? []
                    #expect((400..<500).contains(response.status.code), "\(field) = \(over.label): \(response.status) \(response.text.prefix(300))")
                    if let expected = over.field {
                        #expect(named.contains(expected), "\(field) = \(over.label): refused on \(named), not on \(expected)")
                    }
                    #expect(try await RoleMatrixTests.Snapshot(hearth.database) == before, "\(field) = \(over.label): nothing written")
                    sent += 1
                }
            }
            #expect(sent > 20, "values over their bounds sent: \(sent)")
            print("API field limits: \(fields.count) fields of \(Set(fields.map(\.route)).count) writes, \(sent) values over their bounds sent")
        }
    }

    /// What to send past each bound the description declares for `field`; a field whose kind
    /// the rules do not name is recorded as an issue.
    static func overBounds(_ field: APIField) -> [Over] {
        let spec = field.spec
        func number(_ name: String) -> Int? { spec.firstMatch(of: try! Regex(name + #": (-?[0-9]+)"#)).flatMap { Int($0.output[1].substring ?? "") } }
        if let low = number("minimum"), let high = number("maximum") {
            if FieldLimits.limit(field.name) != .parsed { Issue.record("\(field): a number the forms' rules (FieldLimits) do not name") }
            return [
                Over(value: high + 1, field: field.name), Over(value: low - 1, field: field.name), Over(value: Int.max, field: field.name),
                Over(value: Int.min, field: field.name),
            ]
        }
        if let most = number("maxLength") {
            if field.name == "fields" {
                // A record's fields as its form's: the description's bound is the longest text a record form takes.
                #expect(most == TextLimit.diary, "\(field): maxLength \(most), the record forms' longest text is \(TextLimit.diary)")
                return field.route.hasPrefix("PATCH")
                    ? [Over(value: String(repeating: "가", count: most + 1), field: "weight")]
                    : [Over(value: String(repeating: "가", count: TextLimit.diary + 1), field: "text")]
            }
            guard case .characters(let limit) = FieldLimits.limit(field.name) else {
                Issue.record("\(field): text the forms' rules (FieldLimits) do not name")
                return []
            }
            #expect(limit == most, "\(field): the description says \(most) characters, the forms \(limit)")
            return [Over(value: String(repeating: "가", count: limit + 1), field: field.name)]
        }
        if spec.contains("format: date-time") {
            return [Over(value: "２０２６-11-27T10:00:00Z", field: nil), Over(value: "9999-12-31T23:59:59Z", field: nil)]
        }
        if spec.contains("schemas/Day") {
            return [Over(value: "２０２６-01-02", field: nil), Over(value: "2026-02-30", field: nil), Over(value: "9999-12-31", field: nil)]
        }
        // Typed by the decoder itself: a yes or no, one of a list, a photo's bytes.
        if spec.contains("type: boolean") || spec.contains("schemas/Kind") || spec.contains("contentEncoding: binary") { return [] }
        Issue.record("\(field): an API field the rules do not name (\(spec))")
        return []
    }

    /// The properties of every write's body (POST, PUT, PATCH, DELETE), read from the
    /// description's YAML as it is written: two spaces a level, a property's schema inline or
    /// on the lines below it, bodies inline or a `$ref` to `components/schemas`.
    static func apiWriteFields(_ yaml: String = OpenAPIDocument.yaml) -> [APIField] {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        func block(after index: Int) -> [String] {
            let base = indent(lines[index])
            return Array(lines[(index + 1)...].prefix { $0.trimmingCharacters(in: .whitespaces).isEmpty || indent($0) > base })
        }
        var schemas: [String: [String]] = [:]
        if let start = lines.firstIndex(of: "  schemas:") {
            for index in (start + 1)..<lines.count where indent(lines[index]) == 4 && lines[index].hasSuffix(":") {
                schemas[lines[index].trimmingCharacters(in: .whitespaces).dropLast().description] = block(after: index)
            }
        }
        func properties(_ body: [String]) -> [(name: String, spec: String, required: Bool)] {
            if let ref = body.lazy.compactMap({ $0.firstMatch(of: /schema: \{ \$ref: "#\/components\/schemas\/(\w+)" \}/) }).first {
                return properties(schemas[String(ref.output.1)] ?? [])
            }
            guard let start = body.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "properties:" }) else { return [] }
            let level = indent(body[start])
            let required =
                body.lazy.filter { indent($0) == level }.compactMap { $0.firstMatch(of: /required: \[(.*)\]/) }.first
                .map { Set($0.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) } ?? []
            var found: [(String, String, Bool)] = []
            var index = start + 1
            while index < body.count, indent(body[index]) > level || body[index].trimmingCharacters(in: .whitespaces).isEmpty {
                let line = body[index]
                if indent(line) == level + 2, let match = line.firstMatch(of: /^\s*(\w+):\s*(.*)$/) {
                    let name = String(match.output.1)
                    var spec = String(match.output.2)
                    var next = index + 1
                    while next < body.count, indent(body[next]) > level + 2 {
                        spec += " " + body[next].trimmingCharacters(in: .whitespaces)
                        next += 1
                    }
                    found.append((name, spec, required.contains(name)))
                }
                index += 1
            }
            return found
        }
        var fields: [APIField] = []
        var path = ""
        var method = ""
        for (index, line) in lines.enumerated() {
            if indent(line) == 2, line.hasSuffix(":"), line.trimmingCharacters(in: .whitespaces).hasPrefix("/") {
                path = String(line.trimmingCharacters(in: .whitespaces).dropLast())
            } else if indent(line) == 4, ["post:", "put:", "patch:", "delete:", "get:"].contains(line.trimmingCharacters(in: .whitespaces)) {
                method = line.trimmingCharacters(in: .whitespaces).dropLast().uppercased()
            } else if indent(line) == 6, line.trimmingCharacters(in: .whitespaces) == "requestBody:", method != "GET" {
                for property in properties(block(after: index)) {
                    fields.append(APIField(route: "\(method) /api/v1\(path)", name: property.name, spec: property.spec, required: property.required))
                }
            }
        }
        return fields
    }
}
