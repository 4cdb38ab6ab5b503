import Foundation
import HearthCore
import HearthCharts
import Testing

/// QR codes of every version drawn, read back by another decoder (zxing-cpp, from PyPI).
@Suite struct QRCodeTests {
    @Test func anotherDecoderReadsEveryVersion() throws {
        // One text per version 1…9 at its largest, and a Korean one (UTF-8 bytes).
        var texts = [14, 26, 42, 62, 84, 106, 122, 152, 180].map { length in
            String("https://hearth-box.local:8443/".prefix(length)) + String(repeating: "x", count: max(0, length - 30))
        }
        texts.append("https://우리집.local:8443/")
        let folder = NSTemporaryDirectory() + "qr-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (index, text) in texts.enumerated() {
            let code = try #require(QRCode(text))
            #expect(code.size == 21 + 4 * min(index, 8) || index == 9)
            // A plain PBM with a four-module quiet zone, each module 4×4 pixels.
            let side = (code.size + 8) * 4
            var rows: [String] = []
            for y in 0..<side {
                rows.append(
                    (0..<side).map { x in
                        let (mx, my) = (x / 4 - 4, y / 4 - 4)
                        return (0..<code.size).contains(mx) && (0..<code.size).contains(my) && code.modules[my][mx] ? "1" : "0"
                    }.joined(separator: " "))
            }
            try ("P1\n\(side) \(side)\n" + rows.joined(separator: "\n") + "\n").write(toFile: "\(folder)/\(index).pbm", atomically: true, encoding: .utf8)
        }
        #expect(QRCode(String(repeating: "x", count: 181)) == nil)
        let script = """
            import sys, zxingcpp
            from PIL import Image
            for i in range(\(texts.count)):
                found = zxingcpp.read_barcodes(Image.open(f"\(folder)/{i}.pbm").convert("L"))
                print(found[0].text if found else "")
            """
        let (status, bytes) = try ChildProcess.run("/usr/bin/env", ["python3", "-c", script])
        let output = String(decoding: bytes, as: UTF8.self)
        #expect(status == 0, "\(output)")
        #expect(output.split(separator: "\n", omittingEmptySubsequences: false).prefix(texts.count).map(String.init) == texts)
    }
}
