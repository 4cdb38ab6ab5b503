/// URLs of stored photos. Content-addressed, so they never change and cache forever.
enum PhotoURL {
    /// Every stored photo and derivative, by its file's name.
    static let route = Route("/photos/:name")

    static func thumbnail(_ sha: String) -> String { route("\(sha)-320.jpg") }
    static func preview(_ sha: String) -> String { route("\(sha)-1600.jpg") }
    /// A photo's file as stored (`abc….jpg`, `abc….gif`).
    static func file(_ sha: String, _ fileExtension: String) -> String { route("\(sha).\(fileExtension)") }
}
