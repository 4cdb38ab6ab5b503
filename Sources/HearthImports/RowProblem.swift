/// Why one line of a list was not imported, as a message key and its values, so the page says
/// it in the member's language (`imports.row.*`).
public struct RowProblem: Sendable, Equatable {
    public let key: String
    public let values: [String: String]

    public init(_ key: String, _ values: [String: String] = [:]) {
        (self.key, self.values) = ("imports.row.\(key)", values)
    }

    public static func fieldCount(_ count: Int, header: Int) -> RowProblem { RowProblem("field_count", ["count": String(count), "header": String(header)]) }
    public static func controlCharacters(in column: String) -> RowProblem { RowProblem("control", ["column": column]) }
    public static func missing(_ column: String) -> RowProblem { RowProblem("missing", ["column": column]) }
    public static let sameItem = RowProblem("same_item")
    public static func sameNumber(_ column: String) -> RowProblem { RowProblem("same_number", ["column": column]) }
    public static func tooLong(_ column: String, length: Int, limit: Int) -> RowProblem {
        RowProblem("too_long", ["column": column, "length": length.grouped, "limit": limit.grouped])
    }
}
