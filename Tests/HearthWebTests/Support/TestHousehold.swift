import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// The repository root, where Templates/ and Public/ live.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// A throwaway data folder for one test.
func temporaryDataDirectory() -> String {
    let path = NSTemporaryDirectory() + "hearth-test-" + UUID().uuidString
    return path
}

private let strictStrings: Void = {
    if getenv("HEARTH_STRICT_STRINGS") == nil { setenv("HEARTH_STRICT_STRINGS", "1", 1) }
}()

/// A database file brought to today's schema once a test process, which each new test's data
/// folder starts from: migrating all versions for each of the ~1,000 apps the suite builds was
/// about a tenth of its CPU. The server opens it as it would any database of today's version
/// (history triggers made again, nothing else to do).
private let migratedDatabase: String? = {
    let folder = temporaryDataDirectory()
    guard let database = try? AppDatabase.open(dataDirectory: folder) else { return nil }
    try? database.close()
    return (folder as NSString).appendingPathComponent("hearth.sqlite")
}()

/// Builds the real application on a real SQLite file in a temporary folder.
/// bcrypt runs at cost 4 here only to keep the suite quick; the production cost is tested on its own.
func makeHearth(dataDirectory: String = temporaryDataDirectory(), bcryptCost: UInt8 = 4, clock: (@Sendable () -> Date)? = nil) async throws -> Hearth {
    let file = (dataDirectory as NSString).appendingPathComponent("hearth.sqlite")
    if let migratedDatabase, !FileManager.default.fileExists(atPath: file) {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.copyItem(atPath: migratedDatabase, toPath: file)
    }
    // A string missing from a language's file fails the test that shows it (see `Browser.send`).
    // Set once, and only when the run did not (`make test` does): setenv rewrites the
    // environment that Foundation's `Process.run` copies while another test starts Chromium,
    // and the two at once crashed the test process (memcpy in Process.run).
    var configuration = testConfiguration(dataDirectory: dataDirectory, bcryptCost: bcryptCost)
    if let clock { configuration.clock = clock }
    return try await buildApplication(configuration)
}

/// The configuration tests build on: the repository's templates, cheap passwords, no timers.
func testConfiguration(dataDirectory: String, resourcesDirectory: String = packageRoot, bcryptCost: UInt8 = 4) -> HearthConfiguration {
    _ = strictStrings
    var configuration = HearthConfiguration(dataDirectory: dataDirectory, resourcesDirectory: resourcesDirectory, bcryptCost: bcryptCost)
    configuration.sendsReminders = false
    configuration.makesNightlyBackups = false
    return configuration
}

/// A browser's worth of state over the test client: cookies carried between requests,
/// and the CSRF token of the last page it read.
final class Browser: @unchecked Sendable {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    var csrf: String?
    var acceptLanguage: String?
    /// The token its API calls carry (`APIClient`), when the test made one.
    var apiToken: String?

    init(_ client: any TestClientProtocol) { self.client = client }

    @discardableResult
    func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        if headers[.accept] == nil { headers[.accept] = "text/html" }
        return try await send(path, method: .get, headers: headers, body: nil)
    }

    /// The links of the page at `path` that lead nowhere: every `<a href="/…">` on it (but
    /// signing out, files and downloads) followed, and those answering 404 listed.
    func deadLinks(on path: String) async throws -> [String] {
        let html = try await get(path).text
        var dead: [String] = []
        for link in PageSnapshotTests.links(in: html) where !PageSnapshotTests.skipped(link) {
            if try await get(link).status == .notFound { dead.append(link) }
        }
        return dead
    }

    /// Posts a form. The page's CSRF token is added unless `csrf` says otherwise.
    @discardableResult
    func post(_ path: String, _ fields: [String: String], csrf: String? = nil, withCSRF: Bool = true, headers: HTTPFields = [:]) async throws -> TestResponse {
        var fields = fields
        if withCSRF, let token = csrf ?? self.csrf { fields["_csrf"] = token }
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        if headers[.accept] == nil { headers[.accept] = "text/html" }
        let body = fields.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }.joined(separator: "&")
        return try await send(path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    func send(_ path: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        var headers = headers
        if !cookies.isEmpty {
            headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        if let acceptLanguage { headers[.acceptLanguage] = acceptLanguage }
        let response = try await client.executeRequest(uri: path, method: method, headers: headers, body: body)
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            if value.isEmpty || header.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        let text = String(buffer: response.body)
        if let token = Self.csrfToken(in: text) { csrf = token }
        for missing in text.matches(of: /⟦missing [a-z]+: [^⟧]+⟧/) { Issue.record("\(method) \(path): \(missing.output)") }
        return response
    }

    static func csrfToken(in html: String) -> String? {
        guard let range = html.range(of: #"name="_csrf" value="([0-9a-f]+)""#, options: .regularExpression) else { return nil }
        return String(html[range].split(separator: "\"")[3])
    }

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    var location: String? { headers[.location] }
}

let ownerPassword = "correct horse battery"

/// Runs `test` against the application on `dataDirectory`, as it is (perhaps not set up yet).
/// A data folder it made itself is removed afterwards; one passed in is the caller's.
func withHearth<Value>(
    dataDirectory: String? = nil,
    clock: (@Sendable () -> Date)? = nil,
    _ test: @Sendable (Hearth, any TestClientProtocol) async throws -> Value
) async throws -> Value {
    let directory = dataDirectory ?? temporaryDataDirectory()
    defer { if dataDirectory == nil { try? FileManager.default.removeItem(atPath: directory) } }
    let hearth = try await makeHearth(dataDirectory: directory, clock: clock)
    defer { try? hearth.database.close() }
    return try await hearth.application.test(.router) { client in try await test(hearth, client) }
}

/// Runs `test` against a household that has been set up, with its owner signed in.
func withHousehold<Value>(
    dataDirectory: String? = nil,
    clock: (@Sendable () -> Date)? = nil,
    _ test: @Sendable (Hearth, Browser) async throws -> Value
) async throws -> Value {
    try await withHearth(dataDirectory: dataDirectory, clock: clock) { hearth, client in
        let owner = Browser(client)
        try await owner.setUpHousehold()
        return try await test(hearth, owner)
    }
}

extension Browser {
    /// Completes `/setup` as the first person in the house; leaves the owner signed in.
    func setUpHousehold(username: String = "mina", language: String = "en") async throws {
        try await get("/setup")
        let response = try await post(
            "/setup",
            [
                "household_name": "The Kims", "time_zone": "Asia/Seoul", "language": language,
                "username": username, "display_name": "Mina", "password": ownerPassword, "password_confirm": ownerPassword,
            ])
        precondition(response.status == .seeOther, "setup failed: \(response.status) \(response.text)")
        try await get("/")
    }

    /// Signs in on the login page, as a person would.
    @discardableResult
    func signIn(_ username: String, _ password: String) async throws -> TestResponse {
        try await get("/login")
        return try await post("/login", ["username": username, "password": password])
    }

    /// The owner adds a member and returns their id.
    @discardableResult
    func addMember(_ username: String, role: Role, password: String = "member password 1", database: AppDatabase) async throws -> Int64 {
        try await get("/accounts")
        let response = try await post("/accounts", ["username": username, "display_name": username.capitalized, "password": password, "role": role.rawValue])
        precondition(response.status == .seeOther, "adding \(username) failed: \(response.status) \(response.text)")
        return try await AccountRepository(database).account(username: username)!.id!
    }
}

/// Files written by others that the tests carry, each folder with its licence.
let fixtures = packageRoot + "/Tests/Fixtures"

func fixture(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + path)))
}

extension Browser {
    /// Posts a multipart form as a browser would: the CSRF token first, then the fields, then the files.
    @discardableResult
    func postMultipart(
        _ path: String, _ fields: [String: String], files: [(field: String, filename: String, bytes: [UInt8])] = [], withCSRF: Bool = true,
        truncateTo: Int? = nil
    ) async throws -> TestResponse {
        let boundary = "----hearth\(UUID().uuidString)"
        var body: [UInt8] = []
        func add(_ text: String) { body.append(contentsOf: Array(text.utf8)) }
        var ordered: [(String, String)] = []
        if withCSRF, let csrf { ordered.append(("_csrf", csrf)) }
        ordered += fields.sorted { $0.key < $1.key }
        for (name, value) in ordered {
            add("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for file in files {
            add("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\nContent-Type: image/jpeg\r\n\r\n")
            body.append(contentsOf: file.bytes)
            add("\r\n")
        }
        add("--\(boundary)--\r\n")
        if let truncateTo { body = Array(body.prefix(truncateTo)) }
        return try await send(
            path, method: .post, headers: [.contentType: "multipart/form-data; boundary=\(boundary)", .accept: "text/html"], body: ByteBuffer(bytes: body))
    }

    /// Adds a pet through the form and returns its id.
    func addPet(_ name: String, species: String = "cat", photo: [UInt8]? = nil) async throws -> Int64 {
        try await get("/pets/new")
        let response = try await postMultipart("/pets", ["name": name, "species": species], files: photo.map { [("photo", "\(name).jpg", $0)] } ?? [])
        precondition(response.status == .seeOther, "adding \(name) failed: \(response.status) \(response.text)")
        return Int64(response.location!.split(separator: "/").last!)!
    }
}
