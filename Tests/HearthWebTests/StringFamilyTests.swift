import Foundation
import HearthCore
import HearthImports
import HearthStore
import Testing
@testable import HearthWeb

/// Keys built in Swift from a value (`calendar.kind.\(kind)`, `sex.\(sex)` …): every value
/// the code can put there has its string in every language. A page test finds a missing key
/// only for the values its household happens to have; this asks for all of them.
@Suite("String families")
struct StringFamilyTests {
    static func raw<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> [String] where T.RawValue == String { T.allCases.map(\.rawValue) }
    static func numbers(_ range: ClosedRange<Int>) -> [String] { range.map(String.init) }

    /// Each family: the prefix the code writes and every value it can follow with.
    static let families: [(prefix: String, values: [String])] = [
        ("pets.kind", raw(EntryKind.self)),
        ("calendar.kind", CalendarHTML.kindOrder.map(\.rawValue) + ["water", "steps", "meal", "toilet", "vomit"]),
        ("report.mark", raw(EntryKind.self)),
        ("report.paper", ["a4", "letter"]),
        ("export.kind", AreaList.standard.exportKinds.map(\.name)),
        ("role", raw(Role.self)),
        ("unit", raw(WeightUnit.self) + raw(VolumeUnit.self)),
        ("sex", raw(Sex.self)),
        ("people.sex", raw(Sex.self)),
        ("people.colour", raw(SubjectColour.self)),
        ("people.goals.unit", raw(WaterGoalUnit.self)),
        ("imports.source", raw(ImportSource.self)),
        ("pets.species", raw(Species.self)),
        ("pets.symptom", Species.allCases.flatMap(\.symptoms)),
        ("pets.food_kind", raw(FoodKind.self)),
        ("pets.amount_unit", raw(AmountUnit.self)),
        ("pets.outcome", raw(MealOutcome.self)),
        ("pets.colour", raw(ExcretionColour.self)),
        ("pets.activity", raw(Activity.self)),
        ("pets.preference", raw(FoodPreference.self)),
        ("pets.weight_unit", raw(BodyWeightUnit.self)),
        ("pets.neutered", ["unknown", "yes", "no"]),
        ("pets.fecal", numbers(1...7)),
        ("pets.severity", numbers(1...5)),
        ("pets.toilet", ["urine", "stool", "blood", "mucus"]),
        ("care.preventive", raw(PreventiveKind.self)),
        ("care.cycle", PreventiveCycle.choices),
        // A plan is for a stage worked out, never "automatic", which is a choice.
        ("care.feeding.stage", raw(FeedingStage.self).filter { $0 != FeedingStage.automatic.rawValue }),
        ("care.adult", ["dog", "cat", "other"]),
        ("care.vaccine_note", VaccineSchedules.all.map(\.code)),
        ("care.vaccine", VaccineSchedules.all.map(\.code)),
        ("care.weekday", numbers(0...6)),
        ("medicines.kind", raw(MedicineInput.Kind.self)),
        ("medicines.import.list", raw(MedicineInput.Kind.self)),
        ("medicines.prescription", ["unknown", "yes", "no"]),
        ("doses.state", ["due", "later", "missed", "skipped"]),
        ("regimens.weekday", numbers(1...7)),
        ("regimens.repeat", ["daily", "weekdays", "days", "weeks", "months", "as_needed"]),
        ("regimens.end", ["none", "date", "days"]),
        ("calendar.weekday_short", numbers(1...7)),
        ("calendar.weekday_narrow", numbers(1...7)),
        ("calendar.month_name", numbers(1...12)),
        ("calendar.goal_met", ["water", "steps"]),
        ("charts.month_short", numbers(1...12)),
        ("charts.length", ChartPeriod.Length.allCases.map(\.rawValue)),
        ("charts.per", ["day", "week", "month"]),
        ("charts.bucket", ["day", "week", "month"]),
        (
            "recipes.import.field",
            [
                "name", "category", "tags", "tag", "source", "address", "image_address", "tip", "description",
                "ingredient_lines", "ingredient_line", "steps", "step", "part", "recipes",
            ]
        ),
    ]

    @Test("every value of every key family has its string in Korean and in English")
    func families() throws {
        let strings = try Localization(directory: packageRoot + "/Templates/i18n", strict: true)
        var missing: [String] = []
        for family in Self.families {
            for value in family.values {
                let key = "\(family.prefix).\(value)"
                for language in Language.allCases where strings.text(key, language) == Localization.missing(key, language) {
                    missing.append("\(language.rawValue): \(key)")
                }
            }
        }
        #expect(missing == [])
    }
}
