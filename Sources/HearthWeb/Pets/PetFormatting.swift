import Foundation
import HearthCore
import HearthStore

/// Pets and their records in the words and numbers a member reads.
extension Formatting {
    /// "3 y 2 m" / "3년 2개월"; "about" when the birth date was estimated.
    func age(_ pet: PetProfile, today: LocalDate) -> String? {
        guard let born = pet.birthDate else { return nil }
        let text = age(born: born, today: today)
        return pet.birthDateEstimated ? t("pets.age.about", ["age": text]) : text
    }

    func species(_ pet: PetProfile) -> String {
        pet.species == .other ? (pet.speciesOther ?? t("pets.species.other")) : t("pets.species.\(pet.species.rawValue)")
    }

    /// A weight in the pet's unit: "4.25 kg", "350 g".
    func weight(grams: Double, unit: BodyWeightUnit) -> String {
        "\(number(grams / unit.gramsPerUnit, decimals: unit == .g ? 0 : 2)) \(unit.rawValue)"
    }

    /// "+120 g" / "−0.2 kg" / "no change".
    func weightChange(grams: Double, unit: BodyWeightUnit) -> String {
        let value = grams / unit.gramsPerUnit
        if abs(value) < (unit == .g ? 0.5 : 0.005) { return t("pets.weight.no_change") }
        return "\(value > 0 ? "+" : "−")\(number(abs(value), decimals: unit == .g ? 0 : 2)) \(unit.rawValue)"
    }

    /// The headline and the detail line of a record on a timeline.
    func summary(_ entry: StoredEntry, unit: BodyWeightUnit) -> (title: String, detail: String) {
        switch entry.details {
        case .diary(let title, let text):
            return (title ?? t("pets.kind.diary"), text.map { String($0.prefix(280)) } ?? "")
        case .weight(let value, let entered):
            let grams = value * entered.gramsPerUnit
            let change = entry.previousWeightGrams.map { " · " + weightChange(grams: grams - $0, unit: unit) } ?? ""
            return (t("pets.kind.weight"), weight(grams: grams, unit: unit) + change)
        case .meal(_, let amount, let amountUnit, let outcome):
            var parts = [entry.foodName ?? ""]
            if let amount {
                let unit = amountUnit == .pieces && amount == 1 ? "piece" : amountUnit.rawValue
                parts.append("\(number(amount)) \(t("pets.amount_unit.\(unit)"))")
            }
            parts.append(t("pets.outcome.\(outcome.rawValue)"))
            // A snack or a treat is called that, not a meal.
            let title = entry.foodKind.map { $0 == .food ? t("pets.kind.meal") : t("pets.food_kind.\($0.rawValue)") } ?? t("pets.kind.meal")
            return (title, parts.joined(separator: " · "))
        case .toilet(let urine, let stool, let colour, let score, let blood, let mucus):
            var parts: [String] = []
            if urine { parts.append(t("pets.toilet.urine")) }
            if stool { parts.append(t("pets.toilet.stool")) }
            if let colour { parts.append(t("pets.colour.\(colour.rawValue)")) }
            if let score { parts.append(t("pets.toilet.score_short", ["score": String(score)])) }
            if blood { parts.append(t("pets.toilet.blood")) }
            if mucus { parts.append(t("pets.toilet.mucus")) }
            return (t("pets.kind.toilet"), parts.joined(separator: " · "))
        case .vomit(let times, let contents):
            return (t("pets.kind.vomit"), [t("pets.vomit.times", ["times": String(times)]), contents].compactMap { $0 }.joined(separator: " · "))
        case .symptom(let signs, let severity, let description):
            let named = signs.map { t("pets.symptom.\($0)") }
            let detail = ([t("pets.symptom.severity_short", ["severity": String(severity)])] + named + [description].compactMap { $0 }).joined(separator: " · ")
            return (t("pets.kind.symptom"), detail)
        case .walk(let activity, let minutes, let distance):
            var parts = [t("pets.walk.minutes", ["minutes": String(minutes)])]
            if let distance { parts.append("\(number(distance)) km") }
            return (t("pets.activity.\(activity.rawValue)"), parts.joined(separator: " · "))
        case .vaccination(let visit):
            var parts = visit.vaccines.map { vaccine in
                [self.vaccine(vaccine.code, vaccine.name), vaccine.batch.map { t("care.vaccination.batch_short", ["batch": $0]) }].compactMap { $0 }.joined(
                    separator: " ")
            }
            if let clinic = visit.clinic { parts.append(clinic.name) }
            if let vet = visit.vet { parts.append(vet) }
            return (t("pets.kind.vaccination"), parts.joined(separator: " · "))
        case .preventive(let given):
            var parts = [given.product, t("care.cycle.every", ["cycle": cycle(given.cycle)])].compactMap { $0 }
            if let next = given.nextDue { parts.append(t("care.due.next", ["date": dayHeading(next)])) }
            return (t("care.preventive.\(given.kind.rawValue)"), parts.joined(separator: " · "))
        case .vetVisit(let visit):
            var parts = [visit.reason, visit.clinic?.name, visit.diagnosis.map { t("care.visit.diagnosis_short", ["text": $0]) }].compactMap { $0 }
            if let cost = visit.cost { parts.append(money(cost, currency: visit.currency)) }
            if let followUp = visit.followUp { parts.append(t("care.visit.follow_up_short", ["date": dayHeading(followUp)])) }
            return (t("pets.kind.vet_visit"), parts.joined(separator: " · "))
        case .tracker(let record):
            return (record.tracker?.name ?? t("pets.kind.tracker"), trackerLine(record))
        }
    }

    /// "monthly", "every 3 months", "every 45 days".
    func cycle(_ cycle: PreventiveCycle) -> String {
        switch cycle {
        case .months(1): t("care.cycle.1m")
        case .months(let months): t("care.cycle.months", ["months": String(months)])
        case .days(let days): t("care.cycle.days", ["days": String(days)])
        }
    }

    /// "45,000 KRW", "$120.50": whole units for currencies without minor ones.
    func money(_ amount: Double, currency: String?) -> String {
        switch currency {
        case "USD": "$" + number(amount, decimals: 2)
        case "EUR": "€" + number(amount, decimals: 2)
        case "GBP": "£" + number(amount, decimals: 2)
        case "KRW": "₩" + number(amount, decimals: 0)
        case "JPY": "¥" + number(amount, decimals: 0)
        case let code?: number(amount, decimals: 2) + " " + code
        case nil: number(amount, decimals: 2)
        }
    }
}
