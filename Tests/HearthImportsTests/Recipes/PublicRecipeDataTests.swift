import Foundation
import Testing
@testable import HearthImports

/// COOKRCP01 answers written for these tests, in the service's shape.
@Suite("The public Korean recipe data (COOKRCP01)")
struct PublicRecipeDataTests {
    static func row(steps: Int, gapAfter: Int? = nil) -> [String: Any] {
        var row: [String: Any] = [
            "RCP_SEQ": "28", "RCP_NM": "새우 두부 계란찜", "RCP_PAT2": "반찬", "INFO_ENG": "220", "INFO_WGT": "", "HASH_TAG": "연두부",
            "RCP_PARTS_DTLS": "새우두부계란찜\n연두부 75g(3/4모), 칵테일새우 20g(5마리), 달걀 50g(1개)\n양념장 : 소금 약간, 참기름 1작은술",
            "RCP_NA_TIP": "나트륨을 줄이려면 소금을 빼세요.", "ATT_FILE_NO_MAIN": "http://www.foodsafetykorea.go.kr/uploadimg/cook/10_00028_2.png",
        ]
        for number in 1...20 {
            let key = String(format: "%02d", number)
            let inStep = number <= steps && number != gapAfter.map { $0 + 1 }
            row["MANUAL\(key)"] = inStep ? "\(number). \(number)번째 단계를 한다.a" : ""
            row["MANUAL_IMG\(key)"] = inStep && number % 2 == 0 ? "http://www.foodsafetykorea.go.kr/uploadimg/cook/step\(number).png" : ""
        }
        return row
    }

    static func answer(_ rows: [[String: Any]]) -> Data {
        try! JSONSerialization.data(withJSONObject: [
            "COOKRCP01": ["total_count": String(rows.count), "row": rows, "RESULT": ["CODE": "INFO-000", "MSG": "정상처리되었습니다."]]
        ])
    }

    @Test("twenty steps, each with its photo when it has one; the fields in their places")
    func twentySteps() throws {
        let recipe = try #require(try PublicRecipeData.recipes(in: Self.answer([Self.row(steps: 20)])).first)
        #expect(recipe.draft.title == "새우 두부 계란찜" && recipe.draft.category == "반찬" && recipe.draft.tags == ["연두부"])
        #expect(recipe.draft.steps.count == 20)
        #expect(recipe.draft.steps[0] == .init(text: "1번째 단계를 한다.", section: nil, imageURL: nil))
        #expect(recipe.draft.steps[1].imageURL == "http://www.foodsafetykorea.go.kr/uploadimg/cook/step2.png")
        #expect(recipe.kcalPerServing == 220 && recipe.gramsPerServing == nil)
        #expect(recipe.tip == "나트륨을 줄이려면 소금을 빼세요." && recipe.serial == "28")
        #expect(recipe.draft.imageURLs == ["http://www.foodsafetykorea.go.kr/uploadimg/cook/10_00028_2.png"])
        #expect(recipe.draft.ingredients == ["연두부 75g(3/4모)", "칵테일새우 20g(5마리)", "달걀 50g(1개)", "소금 약간", "참기름 1작은술"])
    }

    @Test("the steps stop at the first with neither text nor photo, even if later ones have some")
    func gap() throws {
        let recipe = try #require(try PublicRecipeData.recipes(in: Self.answer([Self.row(steps: 8, gapAfter: 3)])).first)
        #expect(recipe.draft.steps.count == 3)
    }

    @Test("an error answer has no rows: its code and message are the problem")
    func errorAnswer() {
        let data = try! JSONSerialization.data(withJSONObject: ["COOKRCP01": ["RESULT": ["CODE": "INFO-200", "MSG": "해당하는 데이터가 없습니다."]]])
        #expect(throws: PublicRecipeData.Problem.service(code: "INFO-200", message: "해당하는 데이터가 없습니다.")) { try PublicRecipeData.recipes(in: data) }
        #expect(throws: PublicRecipeData.Problem.notThisFormat) { try PublicRecipeData.recipes(in: Data("{\"@type\": \"Recipe\"}".utf8)) }
    }
}
