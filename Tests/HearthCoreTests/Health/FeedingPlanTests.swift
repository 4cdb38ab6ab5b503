import Foundation
import HearthCore
import Testing

/// The calculator against values worked by hand: RER = 70 × kg^0.75, times the factor.
@Suite("Feeding calculator")
struct FeedingPlanTests {
    static let today = LocalDate("2026-11-23")!

    static func plan(
        _ species: Species, born: String?, neutered: Bool? = true, stage: FeedingStage = .automatic, kg: Double?, target: Double? = nil
    ) -> FeedingPlan? {
        FeedingPlan.make(
            species: species, birthDate: born.flatMap(LocalDate.init), neutered: neutered, stage: stage, weightKg: kg, targetKg: target, today: today)
    }

    @Test("dogs: neutered, intact, inactive, weight loss, young puppy, older puppy")
    func dogs() throws {
        // 10^0.75 = 5.62341; RER 393.64
        let neutered = try #require(Self.plan(.dog, born: "2020-01-01", kg: 10))
        #expect(abs(neutered.restingKcal - 393.64) < 0.01)
        #expect(abs(neutered.dailyKcal.lowerBound - 629.82) < 0.01)
        #expect(neutered.stage == .neuteredAdult)
        let intact = try #require(Self.plan(.dog, born: "2020-01-01", neutered: false, kg: 10))
        #expect(abs(intact.dailyKcal.lowerBound - 708.55) < 0.01)
        // 20^0.75 = 9.45742; RER 662.02; × 1.2–1.4
        let inactive = try #require(Self.plan(.dog, born: "2020-01-01", stage: .inactive, kg: 20))
        #expect(abs(inactive.dailyKcal.lowerBound - 794.42) < 0.01)
        #expect(abs(inactive.dailyKcal.upperBound - 926.83) < 0.01)
        // Weight loss works from the ideal weight: 8 kg → 8^0.75 = 4.75683; RER 332.98
        let losing = try #require(Self.plan(.dog, born: "2020-01-01", stage: .weightLoss, kg: 10, target: 8))
        #expect(abs(losing.dailyKcal.lowerBound - 332.98) < 0.01)
        #expect(losing.kilograms == 8)
        // 5^0.75 = 3.34370; RER 234.06
        let young = try #require(Self.plan(.dog, born: "2026-09-01", kg: 5))
        #expect(young.stage == .puppyUnder4Months)
        #expect(abs(young.dailyKcal.lowerBound - 702.18) < 0.01)
        let older = try #require(Self.plan(.dog, born: "2026-05-01", kg: 5))
        #expect(older.stage == .puppy)
        #expect(abs(older.dailyKcal.lowerBound - 468.12) < 0.01)
    }

    @Test("cats: neutered, intact, inactive, weight loss, kitten")
    func cats() throws {
        // 4^0.75 = 2.82843; RER 197.99
        #expect(abs(try #require(Self.plan(.cat, born: "2020-01-01", kg: 4)).dailyKcal.lowerBound - 237.59) < 0.01)
        #expect(abs(try #require(Self.plan(.cat, born: "2020-01-01", neutered: false, kg: 4)).dailyKcal.lowerBound - 277.19) < 0.01)
        #expect(abs(try #require(Self.plan(.cat, born: "2020-01-01", stage: .inactive, kg: 4)).dailyKcal.lowerBound - 197.99) < 0.01)
        // ideal 5 kg: RER 234.06 × 0.8
        #expect(abs(try #require(Self.plan(.cat, born: "2020-01-01", stage: .weightLoss, kg: 6, target: 5)).dailyKcal.lowerBound - 187.25) < 0.01)
        let kitten = try #require(Self.plan(.cat, born: "2026-06-01", kg: 2))
        #expect(kitten.stage == .kitten)
        // 2^0.75 = 1.68179; RER 117.73 × 2.5
        #expect(abs(kitten.dailyKcal.lowerBound - 294.31) < 0.01)
    }

    @Test("grams of a food, and the treats' tenth")
    func grams() throws {
        let plan = try #require(Self.plan(.dog, born: "2020-01-01", kg: 10))
        // 629.82 kcal at 350 kcal per 100 g
        #expect(abs(plan.gramsPerDay(kcalPer100g: 350).lowerBound - 179.95) < 0.01)
        #expect(abs(plan.treatKcal - 62.98) < 0.01)
    }

    @Test("species without a formula, and no weight, give no plan")
    func none() {
        #expect(Self.plan(.rabbit, born: nil, kg: 2) == nil)
        #expect(Self.plan(.hamster, born: nil, kg: 0.1) == nil)
        #expect(Self.plan(.dog, born: nil, kg: nil) == nil)
    }
}
