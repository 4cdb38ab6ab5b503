/// A tracker's record: which tracker, and its values by field key. As read back it carries
/// the tracker as it is now, so a page says its fields' names and choices' words (a renamed
/// choice reads under its new words; a removed field's value is still there to show).
public struct TrackerEntry: Sendable, Equatable {
    public var trackerID: Int64
    public var values: [String: TrackerValue]
    /// The definition: as it is now, when read; as written, the one its values were checked
    /// against (nil where nothing checked them, as in the demo).
    public var tracker: TrackerInput?

    public init(trackerID: Int64, values: [String: TrackerValue], tracker: TrackerInput? = nil) {
        (self.trackerID, self.values, self.tracker) = (trackerID, values, tracker)
    }

    /// Its values in the fields' order, each with its field (removed fields' too, last).
    public var filled: [(field: TrackerField, value: TrackerValue)] {
        guard let tracker else { return [] }
        let ordered = tracker.fields.filter { !$0.removed } + tracker.fields.filter(\.removed)
        return ordered.compactMap { field in values[field.key].map { (field, $0) } }
    }
}
