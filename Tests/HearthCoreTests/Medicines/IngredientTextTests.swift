import HearthCore
import Testing

@Suite("Ingredients as a doctor reads them")
struct IngredientTextTests {
    @Test(
        "the permit list's MATERIAL_NAME and ITEM_INGR_NAME read as names with strengths; typed text stays as typed",
        arguments: [
            ("총량 : 1정 중|성분명 : 심바스타틴|분량 : 20|단위 : 밀리그램|규격 : EP|성분정보 : |비고 :", "심바스타틴 20 mg"),
            (
                "총량 : 1정 중|성분명 : 암로디핀베실산염|분량 : 6.94|단위 : 밀리그램|규격 : EP|성분정보 : |비고 : 암로디핀으로서 5밀리그램;총량 : 1정 중|성분명 : 로사르탄칼륨|분량 : 50|단위 : 밀리그램|규격 : USP|성분정보 : |비고 :",
                "암로디핀베실산염 6.94 mg, 로사르탄칼륨 50 mg"
            ),
            ("총량 : 100킬로그램 제조시|성분명 : 복분자|분량 : 130|단위 : 킬로그램|규격 : KP|성분정보 : |비고 :", "복분자 130 kg"),
            ("[M040534]아세트아미노펜|[M223163]카페인무수물", "아세트아미노펜, 카페인무수물"),
            ("Pimobendan 1.25 mg", "Pimobendan 1.25 mg"),
        ])
    func readable(raw: String, shown: String) {
        #expect(IngredientText.readable(raw) == shown)
    }
}
