import Foundation

/// A clinic in the household's directory.
public struct ClinicInput: Sendable, Equatable {
    public var name: String
    public var phone: String?
    public var address: String?
    public var hours: OpeningHours
    public var open24Hours: Bool
    public var favourite: Bool
    public var note: String?

    public init(
        name: String, phone: String? = nil, address: String? = nil, hours: OpeningHours = OpeningHours(), open24Hours: Bool = false, favourite: Bool = false,
        note: String? = nil
    ) {
        (self.name, self.phone, self.address, self.hours, self.open24Hours, self.favourite, self.note) = (
            name, phone, address, hours, open24Hours, favourite, note
        )
    }

    /// The form's weekday fields, Sunday first: `hours_0` … `hours_6`.
    public static let dayFields = (0..<7).map { "hours_\($0)" }

    public static func validate(_ input: [String: String]) -> Validated<ClinicInput> {
        var errors = FieldErrors()
        let name = FormInput.text(input, "name", errors: &errors)
        if name == nil { errors.add("name", "care.error.clinic_name_required") }
        let phone = FormInput.text(input, "phone", errors: &errors)
        if let phone, !phone.allSatisfy({ $0.isNumber || "+-() ".contains($0) }) { errors.add("phone", "care.error.phone_invalid") }
        var hours = OpeningHours()
        for (day, field) in dayFields.enumerated() {
            if let ranges = OpeningHours.parseDay(input[field, default: ""]) { hours.days[day] = ranges } else { errors.add(field, "care.error.hours_invalid") }
        }
        func flag(_ name: String) -> Bool { ["on", "yes", "1", "true"].contains(input[name, default: ""]) }
        let clinic = ClinicInput(
            name: name ?? "", phone: phone, address: FormInput.text(input, "address", errors: &errors), hours: hours,
            open24Hours: flag("open_24_hours"), favourite: flag("favourite"), note: FormInput.text(input, "note", errors: &errors))
        return errors.isEmpty ? .valid(clinic) : .invalid(errors)
    }

    /// What a `tel:` link dials: digits and a leading plus.
    public static func dialable(_ phone: String) -> String {
        String(phone.filter { $0.isASCII && ($0.isNumber || $0 == "+") })
    }
}

/// One clinic from the licence register, ready to be written.
public struct LicensedClinic: Sendable, Equatable {
    public let key: String
    public let name: String
    public let phone: String?
    public let address: String?
    public let district: String?
    public let maybe24Hours: Bool
    public let mapX: Double?
    public let mapY: Double?

    public init(key: String, name: String, phone: String?, address: String?, district: String?, maybe24Hours: Bool, mapX: Double?, mapY: Double?) {
        (self.key, self.name, self.phone, self.address, self.district, self.maybe24Hours, self.mapX, self.mapY) =
            (key, name, phone, address, district, maybe24Hours, mapX, mapY)
    }
}

/// Korean addresses begin with the province or city and the district: "서울특별시 마포구 …",
/// "경기도 성남시 분당구 …". The district groups clinics when there is no distance to sort by.
public enum KoreanAddress {
    public static func district(_ address: String) -> String? {
        let words = address.split(separator: " ").map(String.init)
        guard words.count >= 2, let first = words.first, ["도", "시"].contains(where: first.hasSuffix) else { return nil }
        guard words[1].hasSuffix("시") || words[1].hasSuffix("구") || words[1].hasSuffix("군") else { return nil }
        if words[1].hasSuffix("시"), words.count >= 3, words[2].hasSuffix("구") { return words[0...2].joined(separator: " ") }
        return words[0...1].joined(separator: " ")
    }
}
