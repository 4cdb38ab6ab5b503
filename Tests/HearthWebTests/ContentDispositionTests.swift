import Foundation
import Testing
@testable import HearthWeb

@Suite("File names that keep their Korean")
struct ContentDispositionTests {
    @Test("a Korean name travels as filename* (RFC 6266), with an ASCII name beside it; an ASCII name as it is")
    func koreanNames() throws {
        let header = ContentDisposition.header("inline", name: "hearth 토리 2026년 11월.pdf")
        #expect(header.hasPrefix(#"inline; filename="hearth __ 2026_ 11_.pdf"; filename*=UTF-8''"#))
        let encoded = try #require(header.components(separatedBy: "filename*=UTF-8''").last)
        #expect(encoded.removingPercentEncoding == "hearth 토리 2026년 11월.pdf")
        #expect(!encoded.contains(" ") && !encoded.contains("\""))
        #expect(ContentDisposition.header(name: "weights.csv") == #"attachment; filename="weights.csv""#)
        #expect(
            ContentDisposition.header(name: "../a\"b\r\n.csv") == #"attachment; filename="..-a-b-.csv""#,
            "no path, quote or line break (CR LF is one character)")
    }
}
