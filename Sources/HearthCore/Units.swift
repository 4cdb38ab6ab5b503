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
