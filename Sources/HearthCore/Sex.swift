/// A pet's or a person's sex (said 암컷/수컷 for pets, 여성/남성 for people).
public enum Sex: String, Codable, Sendable, CaseIterable {
    case female, male, unknown
}
