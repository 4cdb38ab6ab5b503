import Foundation
import HearthCore

/// The public register of animal-hospital licences (동물병원 인허가 정보, LOCALDATA), as
/// CSV. Columns are found by their Korean header names; the file is UTF-8 or CP949 (as the
/// register's download is). Closed businesses are skipped; rows that cannot be read are
/// listed, and the rest are imported.
public enum ClinicLicenceImport {
    public struct Result: Sendable, Equatable {
        public var clinics: [LicensedClinic] = []
        public var closed = 0
        /// Line number in the file and what was wrong.
        public var badRows: [(line: Int, problem: String)] = []

        public static func == (a: Result, b: Result) -> Bool {
            a.clinics == b.clinics && a.closed == b.closed && a.badRows.map(\.line) == b.badRows.map(\.line)
        }
    }

    public enum Problem: Error, Equatable {
        /// The header lacks a column without which nothing can be imported.
        case missingColumns([String])
        case tooLarge
    }

    /// The register for the whole country is a few megabytes.
    static let largestFile = 64 * 1024 * 1024

    public static func read(_ data: Data) throws -> Result {
        guard data.count <= largestFile else { throw Problem.tooLarge }
        let text = TextEncoding.decodeUTF8OrCP949(data)
        let rows = CSV.rows(text)
        guard let header = rows.first?.map({ $0.trimmingCharacters(in: .whitespaces) }) else { throw Problem.missingColumns(["사업장명"]) }
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
        guard let name = column("사업장명"), let status = column("영업상태명") else {
            throw Problem.missingColumns(["사업장명", "영업상태명"].filter { column($0) == nil })
        }
        let phone = column("소재지전화"), road = column("도로명전체주소"), lot = column("소재지전체주소")
        let x = column("좌표정보(x)") ?? column("좌표정보(X)"), y = column("좌표정보(y)") ?? column("좌표정보(Y)")
        let key = column("관리번호"), authority = column("개방자치단체코드")

        var result = Result()
        var seen = Set<String>()
        // Line numbers as a spreadsheet shows them: the header is line 1.
        for (offset, row) in rows.dropFirst().enumerated() where !(row.count == 1 && row[0].isEmpty) {
            let line = offset + 2
            guard row.count == header.count else {
                result.badRows.append((line, "\(row.count) fields where the header has \(header.count)"))
                continue
            }
            func field(_ index: Int?) -> String? {
                guard let index else { return nil }
                let value = row[index].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
            guard let clinicName = field(name) else { result.badRows.append((line, "no 사업장명")); continue }
            // "영업/정상" is open; "폐업" closed, "휴업" resting, "취소/말소/만료/정지/중지" struck off.
            guard field(status)?.hasPrefix("영업") == true else { result.closed += 1; continue }
            let address = field(road) ?? field(lot)
            let identity = [field(authority), field(key)].compactMap { $0 }.joined(separator: "-")
            let licenceKey = identity.isEmpty ? "\(clinicName)|\(address ?? "")" : identity
            guard seen.insert(licenceKey).inserted else { result.badRows.append((line, "the same 관리번호 as an earlier row")); continue }
            result.clinics.append(LicensedClinic(
                key: licenceKey, name: clinicName, phone: field(phone), address: address,
                district: address.flatMap(KoreanAddress.district) ?? field(lot).flatMap(KoreanAddress.district),
                maybe24Hours: clinicName.contains("24"), mapX: field(x).flatMap(Double.init), mapY: field(y).flatMap(Double.init)))
        }
        return result
    }
}

/// Text files from Korean public data come in UTF-8 or in CP949 (EUC-KR extended).
public enum TextEncoding {
    public static func decodeUTF8OrCP949(_ data: Data) -> String {
        if let text = String(data: data, encoding: .utf8) { return text }
        return convert(data, from: "CP949", to: "UTF-8").flatMap { String(data: $0, encoding: .utf8) } ?? String(decoding: data, as: UTF8.self)
    }

    /// glibc's iconv, which knows CP949; nil when the bytes are not valid in `from`.
    public static func convert(_ data: Data, from: String, to: String) -> Data? {
        guard !data.isEmpty else { return Data() }
        let converter = iconv_open(to, from)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = [UInt8](data)
        var output = [UInt8](repeating: 0, count: data.count * 2 + 16)
        var inLeft = input.count, outLeft = output.count
        let written: Int? = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(source.baseAddress!).assumingMemoryBound(to: CChar.self)
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(target.baseAddress!).assumingMemoryBound(to: CChar.self)
                guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1 else { return nil }
                return target.count - outLeft
            }
        }
        return written.map { Data(output.prefix($0)) }
    }
}
