import Foundation

/// A person of the household as their profile describes them.
public struct PersonProfile: Sendable, Equatable {
    public var name: String
    public var birthDate: LocalDate?
    public var sex: Sex
    /// The person's colour on the calendar and in charts.
    public var colour: SubjectColour
    /// The account that is this person, when they sign in themselves.
    public var accountID: Int64?

    public init(name: String, birthDate: LocalDate? = nil, sex: Sex = .unknown, colour: SubjectColour = .blue, accountID: Int64? = nil) {
        self.name = name
        self.birthDate = birthDate
        self.sex = sex
        self.colour = colour
        self.accountID = accountID
    }

    /// Validates the person form. `accounts` are the ids an account choice may name.
    public static func validate(_ input: [String: String], today: LocalDate, accounts: Set<Int64>) -> Validated<PersonProfile> {
        var errors = FieldErrors()
        let name = FormInput.text(input, "name", errors: &errors)
        if name == nil { errors.add("name", "people.error.name_required") }
        let sex: Sex = FormInput.choice(input, "sex", default: .unknown, errors: &errors) ?? .unknown
        let colour: SubjectColour = FormInput.choice(input, "colour", default: .blue, errors: &errors) ?? .blue
        var birthDate: LocalDate?
        let birthText = input["birth_date", default: ""].trimmingCharacters(in: .whitespaces)
        if !birthText.isEmpty {
            birthDate = LocalDate(birthText)
            if birthDate == nil { errors.add("birth_date", "error.date.invalid") } else if birthDate! > today { errors.add("birth_date", "error.date.future") }
        }
        var accountID: Int64?
        let accountText = input["account_id", default: ""]
        if !accountText.isEmpty {
            accountID = Int64(accountText)
            if accountID.map(accounts.contains) != true { errors.add("account_id", "error.choice.unknown") }
        }
        let profile = PersonProfile(name: name ?? "", birthDate: birthDate, sex: sex, colour: colour, accountID: accountID)
        return errors.isEmpty ? .valid(profile) : .invalid(errors)
    }
}

/// The colours a subject may have: distinct on the calendar, readable as text on white.
public enum SubjectColour: String, CaseIterable, Sendable {
    case red, orange, green, teal, blue, indigo, purple, pink, brown, grey

    /// As CSS writes it; each has at least 4.5:1 contrast on white.
    public var hex: String {
        switch self {
        case .red: "#c62828"
        case .orange: "#b54a00"
        case .green: "#2e7d32"
        case .teal: "#00695c"
        case .blue: "#1565c0"
        case .indigo: "#3949ab"
        case .purple: "#7b1fa2"
        case .pink: "#ad1457"
        case .brown: "#6d4c41"
        case .grey: "#546e7a"
        }
    }
}
