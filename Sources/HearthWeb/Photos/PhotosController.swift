import Crypto
import Foundation
import HearthCore
import HearthImaging
import HearthStore
import Hummingbird

/// `/photos/<sha>-320.jpg`, `/photos/<sha>-1600.jpg`, `/photos/<sha>.<ext>`: stored photos,
/// only for signed-in members (the global sign-in check covers this route). The names are
/// content digests, so a response never changes and may be cached for a year.
struct PhotosController {
    let files: PhotoFiles
    let photos: PhotoRepository
    let fileIO = FileIO()

    @Sendable func serve(_ request: Request, context: AppRequestContext) async throws -> Response {
        let name = try context.parameters.require("name")
        let sha = name.prefix(64)
        // A digest is 64 lowercase hex characters; nothing else ever becomes a path.
        guard SHA256.isDigest(sha) else { throw PageError.notFound }
        guard try await photos.isVisible(String(sha), access: context.access) else { throw PageError.notFound }
        let rest = name.dropFirst(64)
        let path: String
        let mime: String
        if rest == "-320.jpg" || rest == "-1600.jpg" {
            path = files.path(String(sha), rest == "-320.jpg" ? .thumbnail : .preview)
            mime = "image/jpeg"
        } else if let original = files.original(String(sha)), rest == ".\(original.format.fileExtension)" {
            path = original.path
            mime = original.format.mimeType
        } else {
            throw PageError.notFound
        }
        guard FileManager.default.fileExists(atPath: path) else { throw PageError.notFound }
        let body = try await fileIO.loadFile(path: path, context: context)
        return Response(
            status: .ok,
            headers: [.contentType: mime, .cacheControl: "private, max-age=31536000, immutable"],
            body: body)
    }
}
