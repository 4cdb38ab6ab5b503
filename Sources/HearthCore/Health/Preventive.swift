/// What a preventive protects against.
public enum PreventiveKind: String, Codable, Sendable, CaseIterable {
    case heartworm
    case fleaTick = "flea_tick"
    case deworming
    case other
}

/// How often a preventive is given: monthly, every 3 months, yearly, or every N days.
public enum PreventiveCycle: Sendable, Equatable {
    case months(Int)
    case days(Int)

    /// The form's choices; `custom` takes a number of days.
    public static let choices = ["1m", "3m", "12m", "custom"]

    public func next(after date: LocalDate) -> LocalDate {
        switch self {
        case .months(let months): date.adding(months: months)
        case .days(let days): date.adding(days: days)
        }
    }

    /// `1m`, `3m`, `12m` or `45d`: what is stored.
    public var code: String {
        switch self {
        case .months(let months): "\(months)m"
        case .days(let days): "\(days)d"
        }
    }

    public init?(code: String) {
        guard let number = Int(code.dropLast()), number > 0 else { return nil }
        switch code.last {
        case "m": self = .months(number)
        case "d": self = .days(number)
        default: return nil
        }
    }
}

/// The last preventive of each kind and when the next one is due.
public struct DuePreventive: Sendable, Equatable {
    public let kind: PreventiveKind
    public let product: String?
    public let date: LocalDate
    public let status: DueStatus

    public init(kind: PreventiveKind, product: String?, date: LocalDate, status: DueStatus) {
        (self.kind, self.product, self.date, self.status) = (kind, product, date, status)
    }
}
