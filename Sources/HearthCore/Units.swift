/// How the household reads weights.
public enum WeightUnit: String, Codable, Sendable, CaseIterable {
    case kg
    case lb
}

/// How the household reads volumes of water and food.
public enum VolumeUnit: String, Codable, Sendable, CaseIterable {
    case ml
    case floz = "fl_oz"
}

/// A body weight's unit: grams for a hamster, kilograms or pounds for a dog or a person.
public enum BodyWeightUnit: String, Codable, Sendable, CaseIterable {
    case g, kg, lb

    public var gramsPerUnit: Double {
        switch self {
        case .g: 1
        case .kg: 1000
        case .lb: 453.59237
        }
    }

    /// The household's unit for people's weights.
    public init(_ unit: WeightUnit) { self = unit == .lb ? .lb : .kg }
}
