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
        public var badRows: [(line: Int, problem: RowProblem)] = []

        public static func == (a: Result, b: Result) -> Bool {
            a.clinics == b.clinics && a.closed == b.closed && a.badRows.map(\.line) == b.badRows.map(\.line)
        }
    }

    public enum Problem: Error, Equatable {
        /// The header lacks a column without which nothing can be imported.
        case missingColumns([String])
        case csv(CSVProblem)
    }

    /// Reads the register from disk, a row at a time.
    public static func read(path: String) throws -> Result {
        try read { try CSVReader.forEachRow(path: path, limit: ImportLimits.clinicListBytes, $0) }
    }

    public static func read(_ data: Data) throws -> Result {
        try read { try CSVReader.forEachRow(data: data, limit: ImportLimits.clinicListBytes, $0) }
    }

    private static func read(_ rows: ((Int, [String]) throws -> Void) throws -> Void) throws -> Result {
        var result = Result()
        var seen = Set<String>()
        var columns: [String: Int]?
        var header: [String] = []
        do {
            try rows { line, row in
                guard let found = columns else {
                    header = row.map { $0.trimmingCharacters(in: .whitespaces) }
                    func column(_ name: String) -> Int? { header.firstIndex(of: name) }
                    guard column("사업장명") != nil, column("영업상태명") != nil else {
                        throw Problem.missingColumns(["사업장명", "영업상태명"].filter { column($0) == nil })
                    }
                    var named: [String: Int] = [:]
                    for name in ["사업장명", "영업상태명", "소재지전화", "도로명전체주소", "소재지전체주소", "관리번호", "개방자치단체코드"] { named[name] = column(name) }
                    named["x"] = column("좌표정보(x)") ?? column("좌표정보(X)")
                    named["y"] = column("좌표정보(y)") ?? column("좌표정보(Y)")
                    columns = named
                    return
                }
                guard row.count == header.count else {
                    result.badRows.append((line, .fieldCount(row.count, header: header.count)))
                    return
                }
                if let field = row.indices.first(where: { !FormInput.isTypeable(row[$0]) }) {
                    result.badRows.append((line, .controlCharacters(in: header[field])))
                    return
                }
                func field(_ name: String) -> String? {
                    guard let index = found[name] else { return nil }
                    let value = row[index].trimmingCharacters(in: .whitespaces)
                    return value.isEmpty ? nil : value
                }
                guard let clinicName = field("사업장명") else {
                    result.badRows.append((line, .missing("사업장명")))
                    return
                }
                // "영업/정상" is open; "폐업" closed, "휴업" resting, "취소/말소/만료/정지/중지" struck off.
                guard field("영업상태명")?.hasPrefix("영업") == true else {
                    result.closed += 1
                    return
                }
                let address = field("도로명전체주소") ?? field("소재지전체주소")
                let identity = [field("개방자치단체코드"), field("관리번호")].compactMap { $0 }.joined(separator: "-")
                let licenceKey = identity.isEmpty ? "\(clinicName)|\(address ?? "")" : identity
                guard seen.insert(licenceKey).inserted else {
                    result.badRows.append((line, .sameNumber("관리번호")))
                    return
                }
                result.clinics.append(
                    LicensedClinic(
                        key: licenceKey, name: clinicName, phone: field("소재지전화"), address: address,
                        district: address.flatMap(KoreanAddress.district) ?? field("소재지전체주소").flatMap(KoreanAddress.district),
                        maybe24Hours: clinicName.contains("24"), mapX: field("x").flatMap(Double.init), mapY: field("y").flatMap(Double.init)))
            }
        } catch let problem as CSVProblem {
            throw Problem.csv(problem)
        }
        guard columns != nil else { throw Problem.missingColumns(["사업장명"]) }
        return result
    }
}

/// Text files from Korean public data come in UTF-8 or in CP949 (EUC-KR extended).
public enum TextEncoding {
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
