import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Signing in and out")
struct SignInTests {
    @Test("a good sign-in renews the session id and sets a HttpOnly, SameSite=Lax cookie")
    func goodSignIn() async throws {
        try await withHousehold { hearth, owner in
            let setupToken = try #require(owner.cookies[HearthCookies.session])
            let response = try await owner.signIn("mina", ownerPassword)
            #expect(response.status == .seeOther)
            #expect(response.location == "/")
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("hearth_session=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(!cookie.contains("Secure"), "plain HTTP on the LAN: a Secure cookie would never come back")
            let newToken = try #require(owner.cookies[HearthCookies.session])
            #expect(newToken != setupToken)
            #expect(try await SessionRepository(hearth.database).find(token: setupToken) == nil, "the old id is dead")
            #expect(try await owner.get("/").status == .ok)
        }
    }

    @Test("the cookie is Secure when the request came over HTTPS")
    func secureBehindHTTPS() async throws {
        try await withHousehold { _, owner in
            let browser = Browser(owner.client)
            try await browser.get("/login")
            let response = try await browser.post(
                "/login", ["username": "mina", "password": ownerPassword], headers: [HeaderName("X-Forwarded-Proto")!: "https"])
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("hearth_session=") })
            #expect(cookie.contains("Secure"))
        }
    }

    @Test("a wrong password or an unknown username gets the same message, no session")
    func badSignIn() async throws {
        try await withHousehold { _, owner in
            for (username, password) in [("mina", "wrong password!"), ("nobody", "whatever123")] {
                let browser = Browser(owner.client)
                let response = try await browser.signIn(username, password)
                #expect(response.status == .unauthorized)
                #expect(response.text.contains("That username and password do not match."))
                #expect(browser.cookies[HearthCookies.session] == nil)
                #expect(try await browser.get("/").location == "/login")
            }
        }
    }

    @Test("sign-in goes back to the page asked for, but never off-site")
    func nextParameter() async throws {
        #expect(SignInController.safeNext("/accounts") == "/accounts")
        #expect(SignInController.safeNext("//evil.example/") == "/")
        #expect(SignInController.safeNext("https://evil.example/") == "/")
        #expect(SignInController.safeNext("/\\evil.example") == "/")
        try await withHousehold { _, owner in
            let browser = Browser(owner.client)
            let redirect = try await browser.get("/settings")
            #expect(redirect.location == "/login?next=/settings")
            try await browser.get("/login?next=/settings")
            let response = try await browser.post("/login", ["username": "mina", "password": ownerPassword, "next": "/settings"])
            #expect(response.location == "/settings")
            // Already signed in, a crafted link must not lead off-site (`/\t/evil.example` did).
            for crafted in ["/%09/evil.example", "/%5C/evil.example", "/%2F%2Fevil.example", "//evil.example"] {
                #expect(try await browser.get("/login?next=\(crafted)").location == "/", "\(crafted)")
            }
        }
    }

    @Test("sign-out destroys the session on the server")
    func signOut() async throws {
        try await withHousehold { hearth, owner in
            let token = try #require(owner.cookies[HearthCookies.session])
            let response = try await owner.post("/logout", [:])
            #expect(response.status == .seeOther)
            #expect(response.location == "/login")
            #expect(owner.cookies[HearthCookies.session] == nil, "the browser is told to forget the cookie")
            #expect(try await SessionRepository(hearth.database).find(token: token) == nil)
            // Someone who copied the cookie before sign-out gets nothing with it.
            let copy = Browser(owner.client)
            copy.cookies[HearthCookies.session] = token
            #expect(try await copy.get("/").location == "/login")
        }
    }

    @Test("anonymous requests: pages redirect to /login, anything else gets 401")
    func anonymous() async throws {
        try await withHousehold { _, owner in
            let browser = Browser(owner.client)
            #expect(try await browser.get("/").location == "/login")
            let api = try await browser.get("/accounts", headers: [.accept: "application/json"])
            #expect(api.status == .unauthorized)
        }
    }

    @Test(
        "after 5 failures for one username from one address, sign-in there is refused with 429 for 15 minutes, right password or not; from elsewhere it is open"
    )
    func throttlingByUsername() async throws {
        try await withHousehold { hearth, owner in
            let browser = Browser(owner.client)
            for _ in 0..<5 {
                #expect(try await browser.signIn("mina", "not the password").status == .unauthorized)
            }
            let locked = try await browser.signIn("mina", ownerPassword)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.text.contains("signing in is paused for 15 minutes"))
            let retryAfter = try #require(locked.headers[.retryAfter].flatMap(Int.init))
            #expect(retryAfter > 14 * 60 && retryAfter <= 15 * 60)
            #expect(browser.cookies[HearthCookies.session] == nil)
            // A guesser at one device does not lock the member out of her own phone.
            let failures = SignInFailureRepository(hearth.database)
            #expect(try await failures.lockedUntil(username: "mina", address: "elsewhere") == nil, "open from another address")
            // Guessing spread over many addresses is slowed all the same, at a count no typing reaches.
            for index in 0..<SignInPolicy.maximumFailuresPerUsername { try await failures.record(username: "mina", address: "10.9.0.\(index)") }
            #expect(try await failures.lockedUntil(username: "mina", address: "elsewhere") != nil, "spread guessing locks the username")
        }
    }

    @Test("an unknown username costs the same time as a wrong password")
    func unknownUsernameTiming() async throws {
        // Cost 10 makes bcrypt dominate, as it does in production. The work is timed on this
        // thread (`verifyHere`, what `verify` runs on NIO's pool): timed through the pool, other
        // tests' hashing queued ahead of it decided the result. The fastest of several
        // interleaved tries is compared, so other tests running alongside do not decide it;
        // the bounds are wide (a third to three times) because a busy 2-core machine still
        // skews single tries by 2×, while skipping bcrypt would be a thousand times faster.
        let hasher = PasswordHasher(cost: 10)
        let realHash = try await hasher.hash("the right password")
        let clock = ContinuousClock()
        var wrong: [Duration] = [], unknown: [Duration] = []
        for _ in 0..<8 {
            var start = clock.now
            #expect(!hasher.verifyHere("not the password", hash: realHash))
            wrong.append(clock.now - start)
            start = clock.now
            #expect(!hasher.verifyHere("not the password", hash: nil))
            unknown.append(clock.now - start)
        }
        let fastestWrong = wrong.min()!, fastestUnknown = unknown.min()!
        #expect(fastestUnknown > fastestWrong / 3, "unknown \(fastestUnknown) vs wrong \(fastestWrong)")
        #expect(fastestUnknown < fastestWrong * 3, "unknown \(fastestUnknown) vs wrong \(fastestWrong)")
        #expect(try await hasher.verify("the right password", hash: realHash))
        #expect(try await !hasher.verify("not the password", hash: nil))
    }

    @Test("passwords are hashed with bcrypt cost 12 by default")
    func productionCost() async throws {
        #expect(HearthConfiguration().bcryptCost == 12)
        let hash = try await PasswordHasher(cost: HearthConfiguration().bcryptCost).hash("correct horse battery")
        #expect(hash.hasPrefix("$2b$12$"))
    }
}
