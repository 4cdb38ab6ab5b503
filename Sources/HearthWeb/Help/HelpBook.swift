import Foundation
import HearthCore
import HearthHTML
import Ink

/// The help pages: Markdown under `Templates/help/<language>/<topic>.md`, turned into HTML
/// once at start-up (Ink), so a help page costs what any page does. Every topic an area
/// names must exist in every language, or the server does not start.
struct HelpBook: Sendable {
    struct Chapter: Sendable {
        /// The first `# ` line, for the page title and the contents.
        let title: String
        let body: HTML
    }

    /// The topics in the order the contents lists them.
    let topics: [String]
    private let chapters: [Language: [String: Chapter]]

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    init(directory: String, topics: [String]) throws {
        let parser = MarkdownParser()
        var chapters: [Language: [String: Chapter]] = [:]
        for language in Language.allCases {
            for topic in ["index"] + topics {
                let path = "\(directory)/\(language.rawValue)/\(topic).md"
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw Missing(description: "Templates/help/\(language.rawValue)/\(topic).md is missing")
                }
                let title = text.split(separator: "\n").first { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) } ?? topic
                // Our own files, in the repository: Ink's HTML is used as it is.
                chapters[language, default: [:]][topic] = Chapter(title: title, body: HTML(fromRepository: parser.html(from: text)))
            }
        }
        self.topics = topics
        self.chapters = chapters
    }

    func chapter(_ topic: String, _ language: Language) -> Chapter? { chapters[language]?[topic] }
}
