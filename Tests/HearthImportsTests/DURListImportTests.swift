import Foundation
import Testing
@testable import HearthImports

@Suite("DUR lists")
struct DURListImportTests {
    @Test("a 고시일자 in full-width digits is kept as written, not a crash; ASCII ones are read as days")
    func fullWidthDay() throws {
        let csv = "DUR성분명,병용금기DUR성분명,금기내용,고시일자\r\n아스피린,와파린,출혈,２０２４０６１０\r\n이부프로펜,와파린,출혈,20240610\r\n"
        let result = try DURListImport.read(data: Data(csv.utf8))
        #expect(result.pairs.count == 2)
        #expect(DURListImport.day("２０２４０６１０") == "２０２４０６１０")
        #expect(DURListImport.day("20240610") == "2024-06-10")
        #expect(DURListImport.day("2024-02-30") == "2024-02-30", "a day that does not exist is kept as written")
    }
}
