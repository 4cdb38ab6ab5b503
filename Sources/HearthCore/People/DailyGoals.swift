import Foundation

/// A person's daily goals from a day on: they hold until the next change, so changing a goal
/// never changes whether an earlier day met its goal.
public struct DailyGoals: Sendable, Equatable {
    /// Water a day, in millilitres; nil: no water goal.
    public var waterML: Int?
    /// The size of one of this person's cups.
    public var cupML: Int
    /// Steps a day; nil: no steps goal.
    public var steps: Int?
    /// The healthy weight range, in grams; nil: none set.
    public var weightRangeGrams: ClosedRange<Double>?

    public static let defaultCupML = 250

    public init(waterML: Int? = nil, cupML: Int = DailyGoals.defaultCupML, steps: Int? = nil, weightRangeGrams: ClosedRange<Double>? = nil) {
        self.waterML = waterML
        self.cupML = cupML
        self.steps = steps
        self.weightRangeGrams = weightRangeGrams
    }

    /// The goals form: water as cups, or as millilitres or US fluid ounces; the cup's size; steps;
    /// a weight range in the household's unit (both ends, or neither).
    public static func validate(_ input: [String: String], weightUnit: BodyWeightUnit = .kg) -> Validated<DailyGoals> {
        var errors = FieldErrors()
        let cup = FormInput.number(input, "cup_ml", range: 50...1000, units: NumberUnits.millilitres, errors: &errors) ?? Double(defaultCupML)
        let unit: WaterGoalUnit = FormInput.choice(input, "water_unit", default: .cups, errors: &errors) ?? .cups
        let amount = FormInput.number(input, "water", range: 0...20_000, units: unit.typedUnits, errors: &errors)
        let water = amount.map { unit.millilitres($0, cupML: cup) }
        if let water, water > 10_000 { errors.add("water", "people.error.water_too_much") }
        if let water, water > 0 && water < 100 { errors.add("water", "people.error.water_too_little") }
        let steps = FormInput.number(input, "steps", range: 0...200_000, units: NumberUnits.steps, whole: true, errors: &errors)
        let limit = 500_000 / weightUnit.gramsPerUnit
        let low = FormInput.number(input, "weight_min", range: 1...limit, units: NumberUnits.weight(weightUnit), errors: &errors)
        let high = FormInput.number(input, "weight_max", range: 1...limit, units: NumberUnits.weight(weightUnit), errors: &errors)
        var range: ClosedRange<Double>?
        switch (low, high) {
        case let (low?, high?) where low <= high: range = (low * weightUnit.gramsPerUnit)...(high * weightUnit.gramsPerUnit)
        case (_?, _?): errors.add("weight_max", "people.error.weight_range_order")
        case (_?, nil): errors.add("weight_max", "people.error.weight_range_both")
        case (nil, _?): errors.add("weight_min", "people.error.weight_range_both")
        case (nil, nil): break
        }
        let goals = DailyGoals(
            waterML: water.map { Int($0.rounded()) }.flatMap { $0 > 0 ? $0 : nil }, cupML: Int(cup.rounded()),
            steps: steps.map { Int($0.rounded()) }.flatMap { $0 > 0 ? $0 : nil }, weightRangeGrams: range)
        return errors.isEmpty ? .valid(goals) : .invalid(errors)
    }
}

/// How the goals form says the water goal.
public enum WaterGoalUnit: String, CaseIterable, Sendable {
    case cups, ml
    case floz = "fl_oz"

    /// What may be typed with an amount in this unit.
    public var typedUnits: [String] {
        switch self {
        case .cups: NumberUnits.cups
        case .ml: NumberUnits.millilitres
        case .floz: ["fl oz", "floz", "oz"]
        }
    }

    public func millilitres(_ amount: Double, cupML: Double) -> Double {
        switch self {
        case .cups: amount * cupML
        case .ml: amount
        case .floz: amount * 29.5735
        }
    }
}

/// A person's water on one day against the goal that held that day.
public struct WaterDay: Sendable, Equatable {
    public let drankML: Int
    public let goalML: Int?
    public let cupML: Int

    public init(drankML: Int, goalML: Int?, cupML: Int) {
        self.drankML = drankML
        self.goalML = goalML
        self.cupML = cupML
    }

    /// 0…1 of the goal (1 when reached or passed); nil without a goal.
    public var share: Double? { goalML.map { $0 > 0 ? min(1, Double(drankML) / Double($0)) : 1 } }
    /// Capped far above any real day, so a stored amount past its bounds is no trap.
    public var percent: Int? { goalML.map { $0 > 0 ? Int(min(max(Double(drankML) / Double($0) * 100, 0), 1e9).rounded(.down)) : 100 } }
    public var reached: Bool { goalML.map { drankML >= $0 } ?? false }
    /// Whole cups still to drink, rounded up (a part of a cup is still a cup to pour).
    public var cupsToGo: Int { goalML.map { max(0, Int(min(max((Double($0) - Double(drankML)) / Double(max(cupML, 1)), -1e9), 1e9).rounded(.up))) } ?? 0 }
}
