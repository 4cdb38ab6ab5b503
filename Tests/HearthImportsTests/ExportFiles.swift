import CZlib
import Foundation

/// Files the import tests read: written here, each for what it tests.
enum ExportFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let sample = root + "/Tests/Fixtures/apple-health/export6s3sample.xml"

    static func temporary(_ name: String, _ bytes: [UInt8]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-imports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// An export with the DTD's shape and the given lines between `<HealthData>` and its end.
    static func export(_ body: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST Record
          type          CDATA #REQUIRED
          sourceName    CDATA #REQUIRED
        >
        ]>
        <HealthData locale="en_GB">
         <ExportDate value="2026-11-01 07:27:26 +0900"/>
        \(body.map { " " + $0 }.joined(separator: "\n"))
        </HealthData>

        """
    }

    static func record(_ type: String, _ value: String, unit: String, start: String, source: String = "Mina’s iPhone") -> String {
        #"<Record type="HKQuantityTypeIdentifier\#(type)" sourceName="\#(source)" sourceVersion="17.1" unit="\#(unit)" creationDate="\#(start)" startDate="\#(start)" endDate="\#(start)" value="\#(value)"/>"#
    }

    /// A zip archive of `files`, deflated, as the phone's export.zip is.
    static func zip(_ files: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var archive: [UInt8] = [], directory: [UInt8] = []
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: UInt32) -> [UInt8] { le16(Int(value & 0xFFFF)) + le16(Int(value >> 16)) }
        for file in files {
            // compress2 writes zlib's format: a 2-byte header, raw deflate, a 4-byte checksum.
            var length = compressBound(uLong(file.bytes.count))
            var compressed = [UInt8](repeating: 0, count: Int(length))
            _ = compress2(&compressed, &length, file.bytes, uLong(file.bytes.count), 6)
            let deflated = Array(compressed[2..<(Int(length) - 4)])
            let crc = UInt32(crc32(0, file.bytes, uInt(file.bytes.count)))
            let name = Array(file.name.utf8)
            let common =
                le16(20) + le16(0) + le16(8) + le16(0) + le16(0) + le32(crc) + le32(UInt32(deflated.count)) + le32(UInt32(file.bytes.count)) + le16(name.count)
                + le16(0)
            let offset = archive.count
            archive += le32(0x0403_4B50) + common + name + deflated
            directory += le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(offset)) + name
        }
        let directoryOffset = archive.count
        archive += directory
        archive +=
            le32(0x0605_4B50) + le16(0) + le16(0) + le16(files.count) + le16(files.count) + le32(UInt32(directory.count)) + le32(UInt32(directoryOffset))
            + le16(0)
        return archive
    }
}
