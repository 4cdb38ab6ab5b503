/// Square thumbnails, each linking to its preview, as `<li>` items: the pet page's
/// `.photo-grid` and a record's `.thumbs`. Written in Swift for the reason `EntryListHTML` is.
enum PhotoGridHTML {
    /// - Parameter size: the `<img>`'s width and height in CSS pixels.
    static func render(_ digests: [String], size: Int = 160) -> String {
        digests.map { sha in
            let preview = FastHTMLEscaping.escape(PhotoURL.preview(sha)), thumbnail = FastHTMLEscaping.escape(PhotoURL.thumbnail(sha))
            return #"<li><a href="\#(preview)"><img src="\#(thumbnail)" alt="" width="\#(size)" height="\#(size)" loading="lazy"></a></li>"#
        }.joined()
    }
}
