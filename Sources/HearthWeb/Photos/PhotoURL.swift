/// URLs of stored photos. Content-addressed, so they never change and cache forever.
enum PhotoURL {
    static func thumbnail(_ sha: String) -> String { "/photos/\(sha)-320.jpg" }
    static func preview(_ sha: String) -> String { "/photos/\(sha)-1600.jpg" }
}
