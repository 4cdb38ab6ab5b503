import Foundation
import HearthCore
import HearthImaging

/// Prints a report to PDF with headless Chromium on the server, when it is installed: the
/// page's HTML is written to a file whose stylesheets and photos point at the files
/// themselves (Chromium gets no session), and Chromium prints it with the page's own
/// `@page` size. Without Chromium the report page asks the browser to print instead.
struct ChromiumPrinter: Sendable {
    let executable: String?
    let publicDirectory: String
    let photos: PhotoFiles
    let workers = WorkerThreads(limit: 1, name: "pdf")
    /// One PDF waiting or being printed for each member at a time.
    let perMember = OnePerMember()

    init(publicDirectory: String, photos: PhotoFiles) {
        self.publicDirectory = publicDirectory
        self.photos = photos
        executable = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    var isAvailable: Bool { executable != nil }

    /// The PDF's bytes, or nil when Chromium is missing or fails (the caller falls back).
    func pdf(html: String) async -> Data? {
        guard let executable else { return nil }
        let folder = (photos.temporary as NSString).appendingPathComponent("pdf-\(UUID().uuidString)")
        let local = localised(html)
        return try? await workers.run {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let page = (folder as NSString).appendingPathComponent("report.html")
            let output = (folder as NSString).appendingPathComponent("report.pdf")
            try local.write(toFile: page, atomically: true, encoding: .utf8)
            let chromium = try ChildProcess.start(
                executable,
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    "--user-data-dir=\(folder)/profile", "--print-to-pdf=\(output)", URL(fileURLWithPath: page).absoluteString,
                ])
            // A report prints in a second or two; a Chromium that hangs is stopped: no PDF.
            let deadline = Date().addingTimeInterval(60)
            var status = chromium.exited()
            while status == nil && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
                status = chromium.exited()
            }
            guard status == 0 else {
                if status == nil { chromium.kill() }
                return nil
            }
            return FileManager.default.contents(atPath: output)
        } ?? nil
    }

    /// What the printed page may load: its stylesheets, fonts and pictures from files, and
    /// nothing else — no script, no fetch, no frame. Escaping keeps a pet's name from being
    /// markup; this is the wall behind it, as the site's own header is for the browser.
    static let policy =
        #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src file:; img-src file: data:; font-src file:; base-uri 'none'; form-action 'none'">"#

    /// `/static/…` (its versioned name back to the file's own) and `/photos/<sha>-320.jpg` as
    /// `file://` URLs of the files, and the policy first in the head.
    func localised(_ html: String) -> String {
        var text = html.replacing(/"\/static\/([^"]+)\.[0-9a-f]{10}(\.[a-z0-9]+)"/) { match in "\"/static/\(match.1)\(match.2)\"" }
        text = text.replacingOccurrences(of: "\"/static/", with: "\"" + URL(fileURLWithPath: publicDirectory).absoluteString + "/")
        if let head = text.range(of: "<head>") { text.insert(contentsOf: Self.policy, at: head.upperBound) }
        text = text.replacing(/"\/photos\/([0-9a-f]{64})-(320|1600)\.jpg"/) { match in
            let variant: PhotoFiles.Variant = match.2 == "320" ? .thumbnail : .preview
            return "\"" + URL(fileURLWithPath: photos.path(String(match.1), variant)).absoluteString + "\""
        }
        return text
    }
}
