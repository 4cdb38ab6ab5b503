/// A clinic as a record names it: one from the household's directory, or typed. The name is
/// kept on the record too, so a clinic later removed from the directory still reads right.
public struct ClinicChoice: Sendable, Equatable {
    public let id: Int64?
    public let name: String

    public init(id: Int64?, name: String) { (self.id, self.name) = (id, name) }

    /// `clinic_id` from the directory, else `clinic_name` typed; nil when neither.
    static func read(_ input: [String: String], errors: inout FieldErrors) -> ClinicChoice? {
        if let id = Int64(input["clinic_id", default: ""]) { return ClinicChoice(id: id, name: "") }
        return FormInput.text(input, "clinic_name", errors: &errors).map { ClinicChoice(id: nil, name: $0) }
    }
}

/// One vaccine given at a visit.
public struct VaccineGiven: Sendable, Equatable {
    /// The schedule's code; nil for a vaccine typed by hand.
    public let code: String?
    public let name: String
    public let batch: String?
    /// Typed by the household; when empty the schedule says when.
    public let nextDue: LocalDate?

    public init(code: String?, name: String, batch: String? = nil, nextDue: LocalDate? = nil) {
        (self.code, self.name, self.batch, self.nextDue) = (code, name, batch, nextDue)
    }
}

/// A vaccination visit: several vaccines may be given at once.
public struct VaccinationVisit: Sendable, Equatable {
    public let vaccines: [VaccineGiven]
    public let clinic: ClinicChoice?
    public let vet: String?

    public init(vaccines: [VaccineGiven], clinic: ClinicChoice? = nil, vet: String? = nil) {
        (self.vaccines, self.clinic, self.vet) = (vaccines, clinic, vet)
    }

    /// How many typed vaccines the form offers beside the species' list.
    public static let typedRows = 2

    /// `vaccine_<code>` ticks a vaccine of the species' list, with `batch_<code>` and
    /// `next_due_<code>`; `other_name_N`, `other_batch_N`, `other_next_due_N` are typed ones.
    static func validate(_ input: [String: String], vaccines offered: [VaccineSchedule], errors: inout FieldErrors) -> VaccinationVisit? {
        var given: [VaccineGiven] = []
        func nextDue(_ name: String) -> LocalDate? {
            let raw = input[name, default: ""].trimmingCharacters(in: .whitespaces)
            if raw.isEmpty { return nil }
            guard let date = LocalDate(raw) else {
                errors.add("vaccines", "care.error.next_due_invalid")
                return nil
            }
            return date
        }
        for vaccine in offered where ["on", "yes", "1", "true"].contains(input["vaccine_\(vaccine.code)", default: ""]) {
            given.append(
                VaccineGiven(
                    code: vaccine.code, name: vaccine.name, batch: FormInput.text(input, "batch_\(vaccine.code)", errors: &errors),
                    nextDue: nextDue("next_due_\(vaccine.code)")))
        }
        for row in 1...typedRows {
            guard let name = FormInput.text(input, "other_name_\(row)", errors: &errors) else { continue }
            given.append(
                VaccineGiven(
                    code: nil, name: name, batch: FormInput.text(input, "other_batch_\(row)", errors: &errors), nextDue: nextDue("other_next_due_\(row)")))
        }
        if given.isEmpty { errors.add("vaccines", "care.error.vaccine_required") }
        let clinic = ClinicChoice.read(input, errors: &errors)
        let vet = FormInput.text(input, "vet", errors: &errors)
        return given.isEmpty ? nil : VaccinationVisit(vaccines: given, clinic: clinic, vet: vet)
    }
}

/// A preventive given: heartworm, flea and tick, worming.
public struct PreventiveGiven: Sendable, Equatable {
    public let kind: PreventiveKind
    public let product: String?
    public let cycle: PreventiveCycle
    /// Typed by the household; else one cycle after the day it was given.
    public let nextDue: LocalDate?

    public init(kind: PreventiveKind, product: String?, cycle: PreventiveCycle, nextDue: LocalDate? = nil) {
        (self.kind, self.product, self.cycle, self.nextDue) = (kind, product, cycle, nextDue)
    }

    static func validate(_ input: [String: String], errors: inout FieldErrors) -> PreventiveGiven? {
        let kind: PreventiveKind? = FormInput.choice(input, "preventive", default: nil, errors: &errors)
        if input["preventive", default: ""].isEmpty { errors.add("preventive", "care.error.preventive_required") }
        let product = FormInput.text(input, "product", errors: &errors)
        var cycle: PreventiveCycle?
        switch input["cycle", default: "1m"] {
        case "custom":
            if let days = FormInput.number(input, "cycle_days", range: 1...730, units: NumberUnits.days, whole: true, required: true, errors: &errors) {
                cycle = .days(Int(days))
            }
        case let code:
            cycle = PreventiveCycle.choices.contains(code) ? PreventiveCycle(code: code) : nil
            if cycle == nil { errors.add("cycle", "error.choice.unknown") }
        }
        var nextDue: LocalDate?
        let raw = input["next_due", default: ""].trimmingCharacters(in: .whitespaces)
        if !raw.isEmpty {
            nextDue = LocalDate(raw)
            if nextDue == nil { errors.add("next_due", "error.date.invalid") }
        }
        guard let kind, let cycle else { return nil }
        return PreventiveGiven(kind: kind, product: product, cycle: cycle, nextDue: nextDue)
    }
}

/// A visit to the vet.
public struct VetVisit: Sendable, Equatable {
    public let clinic: ClinicChoice?
    public let reason: String?
    public let diagnosis: String?
    public let treatment: String?
    /// Prescribed medicines, as written on the paper for now.
    public let medicines: String?
    /// In the household's currency.
    public let cost: Double?
    /// The currency the cost was recorded in; set when read back.
    public var currency: String?
    public let followUp: LocalDate?

    public init(
        clinic: ClinicChoice? = nil, reason: String? = nil, diagnosis: String? = nil, treatment: String? = nil, medicines: String? = nil,
        cost: Double? = nil, followUp: LocalDate? = nil
    ) {
        (self.clinic, self.reason, self.diagnosis, self.treatment, self.medicines, self.cost, self.followUp) =
            (clinic, reason, diagnosis, treatment, medicines, cost, followUp)
    }

    static func validate(_ input: [String: String], currency: String?, errors: inout FieldErrors) -> VetVisit? {
        let clinic = ClinicChoice.read(input, errors: &errors)
        let reason = FormInput.text(input, "reason", errors: &errors)
        if reason == nil { errors.add("reason", "care.error.reason_required") }
        let visit = VetVisit(
            clinic: clinic, reason: reason, diagnosis: FormInput.text(input, "diagnosis", errors: &errors),
            treatment: FormInput.text(input, "treatment", errors: &errors),
            medicines: FormInput.text(input, "medicines", errors: &errors),
            cost: FormInput.number(input, "cost", range: 0...100_000_000, units: NumberUnits.money(currency), errors: &errors),
            followUp: {
                let raw = input["follow_up", default: ""].trimmingCharacters(in: .whitespaces)
                if raw.isEmpty { return nil }
                guard let date = LocalDate(raw) else {
                    errors.add("follow_up", "error.date.invalid")
                    return nil
                }
                return date
            }())
        return reason == nil ? nil : visit
    }
}

/// A next-due or follow-up date must come after the day the record is for.
enum CareDates {
    static func check(_ details: RecordDetails, after day: LocalDate, errors: inout FieldErrors) {
        switch details {
        case .vaccination(let visit):
            if visit.vaccines.contains(where: { ($0.nextDue ?? day.adding(days: 1)) <= day }) { errors.add("vaccines", "care.error.next_due_before") }
        case .preventive(let given):
            if let next = given.nextDue, next <= day { errors.add("next_due", "care.error.next_due_before") }
        case .vetVisit(let visit):
            if let next = visit.followUp, next <= day { errors.add("follow_up", "care.error.next_due_before") }
        default: break
        }
    }
}
