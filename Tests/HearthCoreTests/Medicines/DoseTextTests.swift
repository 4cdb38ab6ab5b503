import Testing
@testable import HearthCore

@Suite("A dose as it is written")
struct DoseTextTests {
    @Test("a Korean counter is written on the number (1정, 2포), other units after a space; a huge stored amount does not trap")
    func written() {
        #expect(RegimenItemInput(name: "피모벤단", amount: 1, unit: "정").doseText == "1정")
        #expect(RegimenItemInput(name: "유산균", amount: 2, unit: "포").doseText == "2포")
        #expect(RegimenItemInput(name: "Pimobendan", amount: 1, unit: "tablet").doseText == "1 tablet")
        #expect(RegimenItemInput(name: "Furosemide", amount: 0.5, unit: "ml").doseText == "0.5 ml")
        #expect(RegimenItemInput(name: "x", amount: 1e300, unit: "mg").doseText == "1e+300 mg")
    }
}
