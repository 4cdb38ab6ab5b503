import HearthCore
import Testing

@Suite("Reading what a person typed")
struct FormInputTests {
    @Test("numbers as people write them", arguments: [("12", 12.0), ("4.5", 4.5), ("4,5", 4.5), (".5", 0.5), (" 7 ", 7), ("-3", -3), ("0010", 10)])
    func decimals(raw: String, value: Double) {
        #expect(FormInput.decimal(raw) == value)
    }

    @Test("what Double(_:) accepts but nobody types is refused", arguments: ["0x10", "1e3", "inf", "nan", "infinity", "1,234.5", "1.2.3", "4.", "", "-", "½", "٣", "1 000"])
    func notDecimals(raw: String) {
        #expect(FormInput.decimal(raw) == nil)
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
        let ok = RecordInput.validate(.weight, base.merging(["weight": "4,25", "unit": "kg"]) { $1 }, species: .cat, timeZone: .gmt)
        guard case .valid(let record) = ok, case .weight(let value, let unit) = record.details else { Issue.record("4,25 kg"); return }
        #expect(value == 4.25 && unit == .kg)
    }
}
