import HearthCore
import Testing

@Suite("Trackers: a definition and a record, read from their forms")
struct TrackerFormTests {
    static let glucose: [String: String] = [
        "name": "혈당", "subjects": "species:cat", "field_1_name": "혈당", "field_1_kind": "number", "field_1_unit": "mg/dL",
        "field_1_low": "20", "field_1_high": "750", "field_1_step": "1", "field_1_day": "mean", "field_1_goal_low": "80", "field_1_goal_high": "300",
        "field_2_name": "식사", "field_2_kind": "choice", "field_2_choice_1": "먹음", "field_2_choice_2": "안 먹음",
    ]

    static func tracker(
        _ input: [String: String], existing: [TrackerField] = [], withValues: Set<String> = [], chosen: [String: Set<String>] = [:]
    ) throws -> TrackerForm.Result {
        guard case .valid(let result) = TrackerForm.validate(input, existing: existing, withValues: withValues, chosen: chosen) else {
            Issue.record("refused: \(TrackerForm.validate(input, existing: existing, withValues: withValues, chosen: chosen).errors.messages)")
            throw CancellationError()
        }
        return result
    }

    static func errors(
        _ input: [String: String], existing: [TrackerField] = [], withValues: Set<String> = [], chosen: [String: Set<String>] = [:]
    ) -> [String: String] {
        TrackerForm.validate(input, existing: existing, withValues: withValues, chosen: chosen).errors.messages
    }

    @Test("a glucose tracker: a number with unit, bounds, step, day's mean and goal band, and a choice; fields get keys f1, f2")
    func glucoseDefinition() throws {
        let tracker = try Self.tracker(Self.glucose).tracker
        #expect(tracker.name == "혈당" && tracker.subjects == .species(.cat) && tracker.fields.map(\.key) == ["f1", "f2"])
        #expect(tracker.fields[0].kind == .number(NumberField(unit: "mg/dL", low: 20, high: 750, step: 1, day: .mean, goal: 80...300)))
        #expect(tracker.fields[1].kind == .choice([TrackerChoice(key: "c1", label: "먹음"), TrackerChoice(key: "c2", label: "안 먹음")]))
    }

    @Test("refused on their fields: no fields, the same name twice, bounds the wrong way round, one choice, an unknown kind, whom it is for")
    func refusals() {
        #expect(Self.errors(["name": "빈 것", "subjects": "people"])["field_1_name"] == "trackers.error.no_fields")
        var twice = Self.glucose
        twice["field_2_name"] = "혈당"
        #expect(Self.errors(twice)["field_2_name"] == "trackers.error.duplicate_name")
        var wrongWay = Self.glucose
        wrongWay["field_1_low"] = "750"
        wrongWay["field_1_high"] = "20"
        #expect(Self.errors(wrongWay)["field_1_high"] == "trackers.error.bounds_order")
        var oneChoice = Self.glucose
        oneChoice["field_2_choice_2"] = ""
        #expect(Self.errors(oneChoice)["field_2_choice_1"] == "trackers.error.few_choices")
        var unknown = Self.glucose
        unknown["field_2_kind"] = "colour"
        #expect(Self.errors(unknown)["field_2_kind"] == "error.choice.unknown")
        var nobody = Self.glucose
        nobody["subjects"] = "species:dragon"
        #expect(Self.errors(nobody)["subjects"] == "error.choice.unknown")
        var huge = Self.glucose
        huge["field_1_high"] = "1e9"
        #expect(Self.errors(huge)["field_1_high"] == "error.number.invalid")
    }

    @Test("a choice field keeps at most 100 options, counting the retired ones records chose; one more is refused on the field")
    func keptChoicesAreBounded() throws {
        // 99 options, each chosen by a record, all but two retired; the edit offers two more.
        let old = (1...99).map { TrackerChoice(key: "c\($0)", label: "옵션 \($0)", retired: $0 > 2) }
        let existing = [TrackerField(key: "f1", name: "기분", kind: .choice(old))]
        let chosen = ["f1": Set(old.map(\.key))]
        var edit: [String: String] = ["name": "기분", "subjects": "people", "field_1_key": "f1", "field_1_name": "기분", "field_1_kind": "choice"]
        for (row, key) in ["c1", "c2"].enumerated() {
            edit["field_1_choice_\(row + 1)_key"] = key
            edit["field_1_choice_\(row + 1)"] = "옵션 \(row + 1)"
        }
        edit["field_1_choice_3"] = "새 옵션"
        let kept = try Self.tracker(edit, existing: existing, withValues: ["f1"], chosen: chosen).tracker
        guard case .choice(let choices) = kept.fields[0].kind else { throw CancellationError() }
        #expect(choices.count == 100 && choices.filter(\.retired).count == 97)
        edit["field_1_choice_4"] = "하나 더"
        #expect(Self.errors(edit, existing: existing, withValues: ["f1"], chosen: chosen)["field_1_choice_1"] == "trackers.error.too_many_kept_choices")
        // With no record choosing the old ones, they go, and the same edit is taken.
        let fresh = try Self.tracker(edit, existing: existing, withValues: ["f1"], chosen: [:]).tracker
        #expect(
            fresh.fields[0].kind
                == .choice([
                    TrackerChoice(key: "c1", label: "옵션 1"), TrackerChoice(key: "c2", label: "옵션 2"), TrackerChoice(key: "c100", label: "새 옵션"),
                    TrackerChoice(key: "c101", label: "하나 더"),
                ]))
    }

    @Test("changing it keeps what was recorded: a renamed choice keeps its key, one left out is retired, a field with values goes only when confirmed")
    func editing() throws {
        let existing = try Self.tracker(Self.glucose).tracker.fields
        var edit = Self.glucose
        edit["field_1_key"] = "f1"
        edit["field_2_key"] = "f2"
        edit["field_2_choice_1_key"] = "c1"
        edit["field_2_choice_1"] = "다 먹음"
        edit["field_2_choice_2"] = ""
        edit["field_2_choice_3"] = "조금 먹음"
        let edited = try Self.tracker(edit, existing: existing, withValues: ["f1", "f2"], chosen: ["f2": ["c2"]]).tracker
        #expect(
            edited.fields[1].kind
                == .choice([
                    TrackerChoice(key: "c1", label: "다 먹음"), TrackerChoice(key: "c3", label: "조금 먹음"), TrackerChoice(key: "c2", label: "안 먹음", retired: true),
                ]))
        let unchosen = try Self.tracker(edit, existing: existing, withValues: ["f1", "f2"], chosen: ["f2": ["c1"]]).tracker
        #expect(
            unchosen.fields[1].kind == .choice([TrackerChoice(key: "c1", label: "다 먹음"), TrackerChoice(key: "c3", label: "조금 먹음")]),
            "an option no record chose is dropped, not retired")
        var remove = edit
        remove["field_2_remove"] = "on"
        #expect(Self.errors(remove, existing: existing, withValues: ["f2"])["field_2_remove"] == "trackers.error.remove_confirm")
        remove["confirm_remove"] = "yes"
        let removed = try Self.tracker(remove, existing: existing, withValues: ["f2"]).tracker
        #expect(removed.fields.map(\.key) == ["f1", "f2"] && removed.fields[1].removed, "kept, removed: its values stay readable")
        var added = edit
        added["field_3_name"] = "메모"
        added["field_3_kind"] = "text"
        #expect(try Self.tracker(added, existing: existing).tracker.fields.last?.key == "f3")
        var lost = edit
        lost.keys.filter { $0.hasPrefix("field_2") }.forEach { lost[$0] = nil }
        #expect(try Self.tracker(lost, existing: existing).tracker.fields.map(\.key) == ["f1", "f2"], "a row the form lost removes nothing")
    }

    @Test("a field with values keeps its kind, and changes unit only where the conversion is exact (g → kg, not mg/dL → mmol/L)")
    func units() throws {
        let weight = [
            "name": "체중", "subjects": "people", "field_1_name": "체중", "field_1_kind": "number", "field_1_unit": "g", "field_1_low": "0",
            "field_1_high": "200,000",
        ]
        let existing = try Self.tracker(weight).tracker.fields
        var kilos = weight
        kilos.merge(["field_1_key": "f1", "field_1_unit": "kg", "field_1_high": "200"]) { $1 }
        #expect(try Self.tracker(kilos, existing: existing, withValues: ["f1"]).conversions == ["f1": 0.001])
        let sugar = try Self.tracker(Self.glucose).tracker.fields
        var mmol = Self.glucose
        mmol.merge([
            "field_1_key": "f1", "field_2_key": "f2", "field_1_unit": "mmol/L", "field_1_low": "1", "field_1_high": "40", "field_1_goal_low": "",
            "field_1_goal_high": "",
        ]) { $1 }
        #expect(Self.errors(mmol, existing: sugar, withValues: ["f1"])["field_1_unit"] == "trackers.error.unit_change")
        #expect(try Self.tracker(mmol, existing: sugar).conversions.isEmpty, "without records a unit is just changed")
        var kind = Self.glucose
        kind.merge(["field_1_key": "f1", "field_2_key": "f2", "field_1_kind": "text"]) { $1 }
        #expect(Self.errors(kind, existing: sugar, withValues: ["f1"])["field_1_kind"] == "trackers.error.kind_change")
    }

    @Test("a record: numbers as the household writes them within bounds and on the step, a scale's step, a choice, a duration, yes or no")
    func record() throws {
        let tracker = TrackerInput(
            name: "발작", subjects: .species(.dog),
            fields: [
                TrackerField(key: "f1", name: "길이", kind: .duration(most: 3600, urgentFrom: 300)),
                TrackerField(
                    key: "f2", name: "종류", kind: .choice([TrackerChoice(key: "c1", label: "전신"), TrackerChoice(key: "c2", label: "부분", retired: true)])),
                TrackerField(key: "f3", name: "회복", kind: .scale([TrackerChoice(key: "c1", label: "빠름"), TrackerChoice(key: "c2", label: "느림")])),
                TrackerField(key: "f4", name: "체온", kind: .number(NumberField(unit: "°C", low: 30, high: 45, step: 0.1, day: .mean))),
                TrackerField(key: "f5", name: "소변", kind: .yesNo),
                TrackerField(key: "f6", name: "사료", kind: .number(NumberField(unit: "g", low: 0, high: 10_000, step: 1, day: .sum))),
            ])
        func read(_ input: [String: String]) -> ([String: TrackerValue], [String: String]) {
            var errors = FieldErrors()
            let values = TrackerRecord.values(input, of: tracker, errors: &errors)
            return (values, errors.messages)
        }
        let (values, errors) = read([
            "tracker_f1_min": "5", "tracker_f1_sec": "30", "tracker_f2": "c1", "tracker_f3": "2", "tracker_f4": "38.5", "tracker_f5": "no",
            "tracker_f6": "4,800 g",
        ])
        #expect(errors.isEmpty, "\(errors)")
        #expect(values == ["f1": .seconds(330), "f2": .choice("c1"), "f3": .step(2), "f4": .number(38.5), "f5": .yes(false), "f6": .number(4800)])
        #expect(read(["tracker_f4": "46"]).1["tracker_f4"] == "error.number.range")
        #expect(read(["tracker_f4": "38.55"]).1["tracker_f4"] == "trackers.error.step")
        #expect(read(["tracker_f6": "4,8"]).1["tracker_f6"] == "error.number.grouping")
        #expect(read(["tracker_f6": "4kg"]).1["tracker_f6"] == "error.number.unit")
        #expect(read(["tracker_f2": "c2"]).1["tracker_f2"] == "error.choice.unknown", "a retired choice is not offered")
        #expect(read(["tracker_f3": "3"]).1["tracker_f3"] == "error.choice.unknown")
        #expect(read(["tracker_f1_min": "61"]).1["tracker_f1_min"] == "error.number.range")
        #expect(read([:]).1["tracker_f1_min"] == "trackers.error.empty")
    }
}
