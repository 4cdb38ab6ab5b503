/// What an import found for one local day. Each figure is nil when the file had none.
public struct ImportedDay: Sendable, Equatable {
    public let day: LocalDate
    public var steps: Int?
    public var waterML: Int?
    public var weightGrams: Double?

    public init(day: LocalDate, steps: Int? = nil, waterML: Int? = nil, weightGrams: Double? = nil) {
        (self.day, self.steps, self.waterML, self.weightGrams) = (day, steps, waterML, weightGrams)
    }
}
