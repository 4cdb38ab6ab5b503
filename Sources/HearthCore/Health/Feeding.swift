import Foundation

/// The life stage or plan a pet's energy is worked out for. `automatic` reads it from the
/// pet's age and whether it is neutered.
public enum FeedingStage: String, Codable, Sendable, CaseIterable {
    case automatic, inactive
    case weightLoss = "weight_loss"
}

/// The daily energy a dog or a cat needs, and what that is in grams of a food.
///
/// Resting energy RER = 70 × kg^0.75 (NRC 2006, *Nutrient Requirements of Dogs and Cats*),
/// times a factor by species and life stage. The factors are the ones in the Merck
/// Veterinary Manual's "Nutritional Requirements of Small Animals" and the WSAVA Global
/// Nutrition Committee's toolkit (2011):
/// dog — neutered adult 1.6, intact adult 1.8, inactive 1.2–1.4, weight loss 1.0 × RER of the
/// ideal weight, puppy under 4 months 3.0, 4 months to adult 2.0;
/// cat — neutered adult 1.2, intact adult 1.4, inactive 1.0, weight loss 0.8 × RER of the
/// ideal weight, kitten 2.5.
public struct FeedingPlan: Sendable, Equatable {
    public enum Stage: String, Sendable, Equatable {
        case neuteredAdult = "neutered_adult", intactAdult = "intact_adult", inactive, weightLoss = "weight_loss"
        case puppyUnder4Months = "puppy_under_4_months", puppy, kitten
    }

    public let stage: Stage
    /// The weight the energy is worked out for: the ideal weight when losing weight.
    public let kilograms: Double
    public let restingKcal: Double
    public let factor: ClosedRange<Double>
    public let dailyKcal: ClosedRange<Double>

    /// nil for species without a formula here, or without a weight to work from.
    public static func make(
        species: Species, birthDate: LocalDate?, neutered: Bool?, stage chosen: FeedingStage, weightKg: Double?, targetKg: Double?, today: LocalDate
    ) -> FeedingPlan? {
        guard species == .dog || species == .cat else { return nil }
        let months = birthDate.map { Age(born: $0, on: today) }.map { $0.years * 12 + $0.months }
        let stage: Stage
        switch chosen {
        case .inactive: stage = .inactive
        case .weightLoss: stage = .weightLoss
        case .automatic:
            if let months, months < 12 {
                stage = species == .cat ? .kitten : (months < 4 ? .puppyUnder4Months : .puppy)
            } else {
                stage = neutered == false ? .intactAdult : .neuteredAdult
            }
        }
        let kilograms = stage == .weightLoss ? (targetKg ?? weightKg) : (weightKg ?? targetKg)
        guard let kilograms, kilograms > 0 else { return nil }
        let factor = Self.factor(species, stage)
        let rer = restingEnergy(kilograms: kilograms)
        return FeedingPlan(
            stage: stage, kilograms: kilograms, restingKcal: rer, factor: factor, dailyKcal: (rer * factor.lowerBound)...(rer * factor.upperBound))
    }

    public static func restingEnergy(kilograms: Double) -> Double { 70 * pow(kilograms, 0.75) }

    static func factor(_ species: Species, _ stage: Stage) -> ClosedRange<Double> {
        switch (species, stage) {
        case (.cat, .neuteredAdult): 1.2...1.2
        case (.cat, .intactAdult): 1.4...1.4
        case (.cat, .inactive): 1.0...1.0
        case (.cat, .weightLoss): 0.8...0.8
        case (.cat, _): 2.5...2.5
        case (_, .neuteredAdult): 1.6...1.6
        case (_, .intactAdult): 1.8...1.8
        case (_, .inactive): 1.2...1.4
        case (_, .weightLoss): 1.0...1.0
        case (_, .puppyUnder4Months): 3.0...3.0
        default: 2.0...2.0
        }
    }

    /// Grams a day of a food with `kcalPer100g`: the range's ends.
    public func gramsPerDay(kcalPer100g: Double) -> ClosedRange<Double> {
        (dailyKcal.lowerBound / kcalPer100g * 100)...(dailyKcal.upperBound / kcalPer100g * 100)
    }

    /// Treats should stay within a tenth of the day's energy.
    public var treatKcal: Double { dailyKcal.lowerBound * 0.1 }
}
