import HearthCore
import Testing

@Suite("After sign-in: same-site paths only")
struct SameSitePathTests {
    @Test("paths on this site pass", arguments: ["/", "/settings", "/pets/3/timeline", "/pets/%EB%82%98%EB%B9%84"])
    func ownPaths(path: String) {
        #expect(SameSitePath.isSafe(path))
    }

    @Test(
        "anything a browser could resolve elsewhere is refused",
        arguments: [
            "/%09/evil.example", "/\t/evil.example", "//evil.example", "/\\evil.example", "/%5Cevil.example",
            "/%2F/evil.example", "https://evil.example/", "evil.example", "", " /settings", "/settings\r\nSet-Cookie: x=1",
            "/%0d%0aLocation:%20//evil", "/\u{0}x", "/a b", "/%",
        ])
    func elsewhere(path: String) {
        #expect(!SameSitePath.isSafe(path))
    }
}
