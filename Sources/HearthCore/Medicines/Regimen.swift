import Foundation

/// One thing a regimen gives and how much: "1 tablet", "0.5 ml", "2 drops"; for a pet also
/// the dose per kilogram of body weight it was worked out from.
public struct RegimenItemInput: Sendable, Equatable {
    /// The catalogue item, when one was picked.
    public var medicineID: Int64?
    public var name: String
    public var amount: Double
    public var unit: String
    public var mgPerKg: Double?
    /// Units in hand when counted (for the refill warning), and how many days ahead to warn.
    public var inHand: Double?
    public var refillDays: Int?

    public init(medicineID: Int64? = nil, name: String, amount: Double, unit: String, mgPerKg: Double? = nil, inHand: Double? = nil, refillDays: Int? = nil) {
        self.medicineID = medicineID
        self.name = name
        self.amount = amount
        self.unit = unit
        self.mgPerKg = mgPerKg
        self.inHand = inHand
        self.refillDays = refillDays
    }
}

/// A regimen as its form makes it: a name unique for its subject, what it is for, one or more
/// items and when they are given.
public struct RegimenInput: Sendable, Equatable {
    public var name: String
    public var purpose: String?
    public var items: [RegimenItemInput]
    public var schedule: CareSchedule
    public var remind: Bool

    public init(name: String, purpose: String? = nil, items: [RegimenItemInput], schedule: CareSchedule, remind: Bool = true) {
        self.name = name
        self.purpose = purpose
        self.items = items
        self.schedule = schedule
        self.remind = remind
    }

    /// How many item rows a form offers.
    public static let itemFields = 6

    /// The form's fields: `name`, `purpose`, `remind`, per item `item_N_name`,
    /// `item_N_medicine` (a catalogue id), `item_N_amount`, `item_N_unit`, `item_N_mg_per_kg`,
    /// `item_N_in_hand`, `item_N_refill_days`; and the schedule's (see `CareSchedule.validate`).
    /// `medicineNames` answers a picked catalogue id with its name (nil: it is gone).
    public static func validate(_ input: [String: String], medicineNames: (Int64) -> String?) -> Validated<RegimenInput> {
        var errors = FieldErrors()
        let name = FormInput.text(input, "name", errors: &errors)
        if name == nil { errors.add("name", "error.text.required") }
        let purpose = FormInput.text(input, "purpose", errors: &errors)
        var items: [RegimenItemInput] = []
        for n in 1...itemFields {
            let field = { (part: String) in "item_\(n)_\(part)" }
            var itemName = FormInput.text(input, field("name"), errors: &errors)
            var medicineID: Int64?
            if let raw = input[field("medicine")], !raw.isEmpty {
                if let id = Int64(raw), let listed = medicineNames(id) {
                    medicineID = id
                    if itemName == nil { itemName = listed }
                } else {
                    errors.add(field("name"), "medicines.error.medicine_gone")
                }
            }
            let amountRaw = input[field("amount"), default: ""].trimmingCharacters(in: .whitespaces)
            let unit = FormInput.text(input, field("unit"), errors: &errors)
            guard let itemName else {
                if !amountRaw.isEmpty { errors.add(field("name"), "error.text.required") }
                continue
            }
            if items.contains(where: { $0.name.caseInsensitiveCompare(itemName) == .orderedSame }) {
                errors.add(field("name"), "medicines.error.item_twice")
            }
            let amount = FormInput.number(input, field("amount"), range: 0.001...10_000, required: true, errors: &errors)
            if unit == nil { errors.add(field("unit"), "error.text.required") }
            let mgPerKg = FormInput.number(input, field("mg_per_kg"), range: 0.001...1_000, errors: &errors)
            let inHand = FormInput.number(input, field("in_hand"), range: 0...100_000, errors: &errors)
            let refill = FormInput.number(input, field("refill_days"), range: 0...365, units: NumberUnits.days, whole: true, errors: &errors)
            if let amount, let unit {
                items.append(
                    RegimenItemInput(
                        medicineID: medicineID, name: itemName, amount: amount, unit: unit, mgPerKg: mgPerKg,
                        inHand: inHand, refillDays: refill.map { Int($0) }))
            }
        }
        if items.isEmpty && errors["item_1_name"] == nil { errors.add("item_1_name", "medicines.error.item_required") }
        let schedule = CareSchedule.validate(input, errors: &errors)
        guard errors.isEmpty, let name, let schedule else { return .invalid(errors) }
        let remind = ["on", "yes", "1", "true"].contains(input["remind", default: ""])
        return .valid(RegimenInput(name: name, purpose: purpose, items: items, schedule: schedule, remind: remind))
    }
}

extension RegimenItemInput {
    /// "1 tablet", "0.5 ml", "1정".
    public var doseText: String {
        let amountText = amount == amount.rounded() && abs(amount) < 1e15 ? String(Int(amount)) : String(format: "%g", amount)
        // Korean counters are written on the number ("1정", "2포"); other units after a space.
        let attached = unit.unicodeScalars.first.map { (0xAC00...0xD7A3).contains($0.value) } ?? false
        return attached ? amountText + unit : "\(amountText) \(unit)"
    }

    /// The units left now: counted in hand, less one dose per dose given since.
    public func remaining(givenSinceCount: Int) -> Double? {
        inHand.map { max(0, $0 - Double(givenSinceCount) * amount) }
    }

    /// What is left, how many whole days it lasts at `schedule`'s pace, and whether that is
    /// within the refill warning (`refillDays`, a week when not set); nil when never counted.
    public func supply(givenSinceCount: Int, schedule: CareSchedule) -> (remaining: Double, days: Int?, refillDue: Bool)? {
        guard let remaining = remaining(givenSinceCount: givenSinceCount) else { return nil }
        let perDay = schedule.dosesPerDay * amount
        let days = perDay > 0 ? Int(remaining / perDay) : nil
        return (remaining, days, days.map { $0 <= (refillDays ?? 7) } ?? false)
    }
}

extension CareSchedule {
    /// Doses a day on average, for how long a supply lasts (as-needed: none planned).
    public var dosesPerDay: Double {
        let perDay = Double(times.count)
        switch repeatRule {
        case .daily: return perDay
        case .weekdays(let days): return perDay * Double(days.count) / 7
        case .everyDays(let n): return perDay / Double(n)
        case .everyWeeks(let n): return perDay / Double(7 * n)
        case .everyMonths(let n): return perDay / (30.44 * Double(n))
        case .yearly: return perDay / 365.25
        case .afterDone(let n): return perDay / Double(n)
        case .asNeeded: return 0
        }
    }

    public var isAsNeeded: Bool {
        if case .asNeeded = repeatRule { true } else { false }
    }
}
