/// The animals a household keeps. `other` comes with the household's own word for it.
public enum Species: String, Codable, Sendable, CaseIterable {
    case dog, cat, rabbit, hamster
    case guineaPig = "guinea_pig"
    case hedgehog, ferret, bird, reptile, fish, other

    /// Small animals are weighed in grams, the rest in kilograms.
    public var defaultWeightUnit: BodyWeightUnit {
        switch self {
        case .hamster, .guineaPig, .hedgehog, .ferret, .bird, .reptile, .fish: .g
        case .dog, .cat, .rabbit, .other: .kg
        }
    }

    /// The symptoms offered for this species: the common ones, then its own.
    public var symptoms: [String] {
        let common = [
            "lethargy", "appetite_loss", "vomiting", "diarrhoea", "constipation", "sneezing", "cough",
            "eye_discharge", "nasal_discharge", "itching", "hair_loss", "limping", "excessive_thirst",
            "weight_loss", "breathing_difficulty",
        ]
        let own: [String] =
            switch self {
            case .dog: ["ear_scratching", "drooling", "seizure"]
            case .cat: ["ear_scratching", "drooling", "hiding", "litter_box_avoidance"]
            case .rabbit, .guineaPig: ["teeth_grinding", "not_eating_hay", "hunched_posture"]
            case .hamster, .hedgehog, .ferret: ["hunched_posture", "wet_tail"]
            case .bird: ["feather_plucking", "fluffed_up", "tail_bobbing"]
            case .reptile: ["shedding_problems", "swollen_joints"]
            case .fish: ["gasping_at_surface", "white_spots", "clamped_fins"]
            case .other: []
            }
        return common + own
    }
}
