import HearthCore
import Testing

@Suite("Reading what a person typed")
struct FormInputTests {
    /// What a Korean or English household types, and what it means. A language that writes a
    /// decimal comma gets its own table (and its row in `NumberStyle.byLanguage`).
    static let pointLanguages: [(typed: String, units: [String], read: Result<Double, NumberProblem>)] = [
        ("12", [], .success(12)), ("4.5", [], .success(4.5)), (".5", [], .success(0.5)), (" 7 ", [], .success(7)),
        ("-3", [], .success(-3)), ("0010", [], .success(10)),
        // Thousands grouped by threes: the vet's bill, a cat in grams, a day's steps, a bottle.
        ("55,000", [], .success(55_000)), ("1,234,000", [], .success(1_234_000)), ("4,800", [], .success(4_800)),
        ("3,500", [], .success(3_500)), ("1,000", [], .success(1_000)), ("1,234.5", [], .success(1_234.5)),
        // The field's own unit, before or after, with or without a space.
        ("55,000원", NumberUnits.money("KRW"), .success(55_000)), ("₩55,000", NumberUnits.money("KRW"), .success(55_000)),
        ("55,000 원", NumberUnits.money("KRW"), .success(55_000)), ("4.2kg", NumberUnits.kilograms, .success(4.2)),
        ("4,800 g", NumberUnits.grams, .success(4_800)), ("3,500보", NumberUnits.steps, .success(3_500)),
        ("250 ml", NumberUnits.millilitres, .success(250)), ("4.2 KG", NumberUnits.kilograms, .success(4.2)),
        // Which was meant? Asked, with the decimal to type.
        ("4,8", [], .failure(.ambiguousGrouping(decimal: "4.8"))), ("4,80", [], .failure(.ambiguousGrouping(decimal: "4.80"))),
        ("12,5", [], .failure(.ambiguousGrouping(decimal: "12.5"))),
        // Another field's unit.
        ("55,000kg", NumberUnits.money("KRW"), .failure(.otherUnit)), ("4.2kg", NumberUnits.grams, .failure(.otherUnit)),
        ("33,000원", NumberUnits.grams, .failure(.otherUnit)), ("$50", NumberUnits.money("KRW"), .failure(.otherUnit)),
        ("3,500보", [], .failure(.otherUnit)),
        // Not numbers as people write them, though `Double(_:)` takes some.
        ("0x10", [], .failure(.notANumber)), ("1e3", [], .failure(.notANumber)), ("inf", [], .failure(.notANumber)),
        ("nan", [], .failure(.notANumber)), ("infinity", [], .failure(.notANumber)), ("1.2.3", [], .failure(.notANumber)),
        ("4.", [], .failure(.notANumber)), ("-", [], .failure(.notANumber)), ("½", [], .failure(.notANumber)),
        ("٣", [], .failure(.notANumber)), ("1 000", [], .failure(.notANumber)), ("1.234,5", [], .failure(.notANumber)),
        (",5", [], .failure(.notANumber)), ("1,,000", [], .failure(.notANumber)), ("12,34,567", [], .failure(.notANumber)),
        ("원", NumberUnits.money("KRW"), .failure(.notANumber)),
    ]

    @Test("numbers as Korean and English households write them", arguments: Language.allCases)
    func numbersByLanguage(language: Language) {
        let style = NumberStyle.of(language)
        #expect(style == .decimalPoint)
        for row in Self.pointLanguages {
            #expect(TypedNumber.read(row.typed, units: row.units, style: style) == row.read, "\(language) \(row.typed) with \(row.units)")
        }
    }

    @Test("a cost, a weight in grams and steps typed the Korean way are saved as typed, not a thousand times smaller")
    func koreanThousands() {
        var errors = FieldErrors()
        #expect(FormInput.number(["cost": "55,000"], "cost", range: 0...100_000_000, units: NumberUnits.money("KRW"), errors: &errors) == 55_000)
        #expect(FormInput.number(["weight": "4,800"], "weight", range: 0...200_000, units: NumberUnits.grams, errors: &errors) == 4_800)
        #expect(FormInput.number(["steps": "3,500"], "steps", range: 0...200_000, units: NumberUnits.steps, whole: true, errors: &errors) == 3_500)
        #expect(FormInput.number(["ml": "1,000"], "ml", range: -5000...5000, units: NumberUnits.millilitres, errors: &errors) == 1_000)
        #expect(errors.isEmpty)
        _ = FormInput.number(["weight": "4,8"], "weight", range: 0...200, units: NumberUnits.kilograms, errors: &errors)
        #expect(errors["weight"] == "error.number.grouping" && errors.values["weight"]?["decimal"] == "4.8")
        _ = FormInput.number(["cost": "55,000kg"], "cost", range: 0...1e8, units: NumberUnits.money("KRW"), errors: &errors)
        #expect(errors["cost"] == "error.number.unit" && errors.values["cost"]?["unit"] == "원")
    }

    @Test("text with replaced bytes or control characters is not typeable")
    func typeable() {
        #expect(FormInput.isTypeable("Nabi ate\tall of it.\r\nGood girl 🐱 나비"))
        for bad in ["a\u{0}b", "\u{FFFD}\u{FFFD}", "bell\u{7}", "esc\u{1B}[2J", "\u{85}"] {
            #expect(!FormInput.isTypeable(bad), "\(bad.unicodeScalars.map { $0.value })")
        }
    }

    @Test("a choice that was not offered is an error, not the default")
    func choices() {
        var errors = FieldErrors()
        let stone: BodyWeightUnit? = FormInput.choice(["unit": "stone"], "unit", default: .kg, errors: &errors)
        #expect(stone == nil && errors["unit"] == "error.choice.unknown")
        var none = FieldErrors()
        let absent: BodyWeightUnit? = FormInput.choice([:], "unit", default: .kg, errors: &none)
        #expect(absent == .kg && none.isEmpty)
    }

    @Test("a weight of 0x10, 1e3 or inf, or in stone, is refused on its field")
    func weightForm() {
        let base = ["date": "2026-11-20", "time": "08:00"]
        for (field, value) in [("weight", "0x10"), ("weight", "1e3"), ("weight", "inf"), ("weight", "nan"), ("unit", "stone")] {
            var input = base.merging(["weight": "4", "unit": "kg"]) { $1 }
            input[field] = value
            let result = RecordInput.validate(.weight, input, species: .cat, timeZone: .gmt)
            #expect(result.errors[field] != nil, "\(field)=\(value)")
        }
        let ok = RecordInput.validate(.weight, base.merging(["weight": "4.25kg", "unit": "kg"]) { $1 }, species: .cat, timeZone: .gmt)
        guard case .valid(let record) = ok, case .weight(let value, let unit) = record.details else {
            Issue.record("4.25kg")
            return
        }
        #expect(value == 4.25 && unit == .kg)
        let grams = RecordInput.validate(.weight, base.merging(["weight": "4,800", "unit": "g"]) { $1 }, species: .cat, timeZone: .gmt)
        guard case .valid(let cat) = grams, case .weight(let catGrams, _) = cat.details else {
            Issue.record("4,800 g")
            return
        }
        #expect(catGrams == 4_800)
    }
}
