/// Which pets and people a member may see. The owner can limit any other account to chosen
/// subjects (a pet sitter sees only the dog); every read of subjects and what hangs from them
/// takes one of these, so a page cannot forget to filter.
public enum SubjectAccess: Sendable, Equatable {
    case everyone
    case only(Set<Int64>)

    public func allows(_ subjectID: Int64) -> Bool {
        switch self {
        case .everyone: true
        case .only(let ids): ids.contains(subjectID)
        }
    }

    public var isLimited: Bool { self != .everyone }

    /// A SQL condition on `column` (a subject id). The ids are integers from the database,
    /// written into the statement as digits, so there is nothing to escape.
    public func sqlCondition(_ column: String) -> String {
        switch self {
        case .everyone: "1"
        case .only(let ids) where ids.isEmpty: "0"
        case .only(let ids): "\(column) IN (\(ids.sorted().map(String.init).joined(separator: ",")))"
        }
    }
}
