import Foundation
import HearthCore
import HearthImports
import Testing

/// The animal-hospital register, written here in the shape of the public download
/// (LOCALDATA 동물병원 인허가): Korean headers, UTF-8 or CP949.
@Suite("Animal-hospital register")
struct ClinicLicenceImportTests {
    static let header = "번호,개방서비스명,개방자치단체코드,관리번호,인허가일자,영업상태명,상세영업상태명,폐업일자,소재지전화,소재지전체주소,도로명전체주소,사업장명,좌표정보(x),좌표정보(y)"
    static let rows = [
        #"1,동물병원,3220000,PHMB120123220032000001,20120301,영업/정상,정상,,02-123-4567,서울특별시 강남구 역삼동 123-4,서울특별시 강남구 테헤란로 1 (역삼동),"해피 동물병원, 본점",203000.5,444000.25"#,
        "2,동물병원,3220000,PHMB120123220032000002,20100101,폐업,폐업,20200101,02-222-3333,서울특별시 강남구 삼성동 1,,닫은 동물병원,,",
        "3,동물병원,3130000,PHMB120123130032000003,20150505,영업/정상,정상,,031-777-2424,경기도 성남시 분당구 정자동 5,경기도 성남시 분당구 정자일로 24,24시 센트럴 동물의료센터,210000,430000",
        "4,동물병원,3130000,PHMB120123130032000004,20150505,영업/정상,정상,,,경기도 성남시 분당구 정자동 6,,,210000,430000",
        "5,동물병원,3130000,짧은 줄",
        "6,동물병원,3220000,PHMB120123220032000001,20120301,영업/정상,정상,,02-123-4567,서울특별시 강남구 역삼동 123-4,,해피 동물병원 (중복),,",
    ]

    static func csv() -> String { ([header] + rows).joined(separator: "\r\n") + "\r\n" }

    @Test("a CP949 file: open clinics read, closed ones skipped, bad rows listed with their line")
    func cp949() throws {
        let bytes = try #require(TextEncoding.convert(Data(Self.csv().utf8), from: "UTF-8", to: "CP949"))
        #expect(String(data: bytes, encoding: .utf8) == nil, "the test file must really be CP949")
        let result = try ClinicLicenceImport.read(bytes)
        #expect(result.clinics.map(\.name) == ["해피 동물병원, 본점", "24시 센트럴 동물의료센터"])
        #expect(result.closed == 1)
        #expect(result.badRows.map(\.line) == [5, 6, 7])
        let happy = result.clinics[0]
        #expect(happy.key == "3220000-PHMB120123220032000001")
        #expect(happy.address == "서울특별시 강남구 테헤란로 1 (역삼동)")
        #expect(happy.district == "서울특별시 강남구")
        #expect(happy.phone == "02-123-4567")
        #expect(happy.mapX == 203000.5)
        #expect(!happy.maybe24Hours)
        let central = result.clinics[1]
        #expect(central.maybe24Hours)
        #expect(central.district == "경기도 성남시 분당구")
    }

    @Test("the same file in UTF-8 with a byte-order mark reads the same")
    func utf8() throws {
        let cp949 = try ClinicLicenceImport.read(try #require(TextEncoding.convert(Data(Self.csv().utf8), from: "UTF-8", to: "CP949")))
        let utf8 = try ClinicLicenceImport.read(Data(("\u{FEFF}" + Self.csv()).utf8))
        #expect(utf8 == cp949)
    }

    @Test("a file without the register's columns is refused, naming them")
    func notTheRegister() {
        #expect(throws: ClinicLicenceImport.Problem.missingColumns(["사업장명", "영업상태명"])) {
            try ClinicLicenceImport.read(Data("Date,Step count\n2026-01-01,100\n".utf8))
        }
    }

    @Test("districts from Korean addresses")
    func districts() {
        #expect(KoreanAddress.district("서울특별시 마포구 양화로 45") == "서울특별시 마포구")
        #expect(KoreanAddress.district("경기도 성남시 분당구 정자일로 24") == "경기도 성남시 분당구")
        #expect(KoreanAddress.district("경기도 가평군 가평읍 1") == "경기도 가평군")
        #expect(KoreanAddress.district("221B Baker Street, London") == nil)
    }
}
