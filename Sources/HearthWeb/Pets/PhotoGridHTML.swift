import HearthHTML
/// Square thumbnails, each linking to its preview, as `<li>` items: the pet page's
/// `.photo-grid` and a record's `.thumbs`. Written in Swift for the reason `EntryListHTML` is.
enum PhotoGridHTML {
    /// - Parameters:
    ///   - size: the `<img>`'s width and height in CSS pixels.
    ///   - label: the thumbnail's text, which names the link for a screen reader.
    ///   - links: where each opens (the photo's page in the gallery); its preview when not given.
    static func render(_ digests: [String], size: Int = 160, label: String, links: [String]? = nil) -> HTML {
        digests.enumerated().map { index, sha in
            #"<li><a href="\#(links?[index] ?? PhotoURL.preview(sha))"><img src="\#(PhotoURL.thumbnail(sha))" alt="\#(label)" width="\#(size)" height="\#(size)" loading="lazy"></a></li>"#
        }.joined()
    }
}
