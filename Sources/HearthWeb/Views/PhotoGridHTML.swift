/// Square thumbnails, each linking to its preview, as `<li>` items of a `.photo-grid`.
/// Written in Swift for the reason `EntryListHTML` is: a loop on the pet's page.
enum PhotoGridHTML {
    static func render(_ digests: [String]) -> String {
        digests.map { sha in
            let preview = FastHTMLEscaping.escape(PhotoURL.preview(sha)), thumbnail = FastHTMLEscaping.escape(PhotoURL.thumbnail(sha))
            return #"<li><a href="\#(preview)"><img src="\#(thumbnail)" alt="" width="160" height="160" loading="lazy"></a></li>"#
        }.joined()
    }
}
