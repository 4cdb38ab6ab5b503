/// The trackers a household adds in one tap, each from a source a vet or a doctor uses (named
/// in the help). Their words come in the member's language (`word` reads `trackers.ready.*`);
/// once added, a ready-made tracker is the household's own to change.
public enum ReadyMadeTracker: String, Sendable, CaseIterable {
    /// A diabetic pet's curve: a reading every two hours through a dosing interval, with the
    /// insulin given and whether it ate (AAHA Diabetes Management Guidelines for Dogs and Cats, 2018).
    case glucose
    /// A dog's seizures: how long, whole body or focal, how it came round and what set it off;
    /// five minutes or more is an emergency (ACVIM consensus statement on seizure management, 2015).
    case seizure
    /// A person's home blood pressure: morning and evening, two readings a minute apart, for a
    /// week, the first day left out (NICE NG136; ESH 2023); 180/120 or more needs same-day advice.
    case bloodPressure = "blood_pressure"

    /// The tracker, with its words from `word` (a key under `trackers.ready.<name>.`).
    public func tracker(_ word: (String) -> String) -> TrackerInput {
        func choices(_ keys: [String]) -> [TrackerChoice] { keys.enumerated().map { TrackerChoice(key: "c\($0.offset + 1)", label: word($0.element)) } }
        switch self {
        case .glucose:
            return TrackerInput(
                name: word("glucose.name"), subjects: .species(.cat),
                fields: [
                    TrackerField(
                        key: "f1", name: word("glucose.reading"),
                        kind: .number(NumberField(unit: "mg/dL", low: 10, high: 800, step: 1, day: .mean, goal: 80...300))),
                    TrackerField(key: "f2", name: word("glucose.insulin"), kind: .number(NumberField(unit: "U", low: 0, high: 50, step: 0.5, day: .sum))),
                    TrackerField(
                        key: "f3", name: word("glucose.meal"), kind: .choice(choices(["glucose.meal_all", "glucose.meal_some", "glucose.meal_none"]))),
                    TrackerField(key: "f4", name: word("note"), kind: .text),
                ])
        case .seizure:
            return TrackerInput(
                name: word("seizure.name"), subjects: .species(.dog),
                fields: [
                    TrackerField(key: "f1", name: word("seizure.duration"), kind: .duration(most: 3600, urgentFrom: 300)),
                    TrackerField(
                        key: "f2", name: word("seizure.kind"), kind: .choice(choices(["seizure.kind_whole", "seizure.kind_focal", "seizure.kind_absent"]))),
                    TrackerField(key: "f3", name: word("seizure.recovery"), kind: .duration(most: 86_400, urgentFrom: nil)),
                    TrackerField(key: "f4", name: word("seizure.triggers"), kind: .text),
                    TrackerField(key: "f5", name: word("note"), kind: .text),
                ])
        case .bloodPressure:
            return TrackerInput(
                name: word("blood_pressure.name"), subjects: .people,
                fields: [
                    TrackerField(
                        key: "f1", name: word("blood_pressure.systolic"),
                        kind: .number(NumberField(unit: "mmHg", low: 50, high: 300, step: 1, day: .mean, goal: 90...135, urgentFrom: 180))),
                    TrackerField(
                        key: "f2", name: word("blood_pressure.diastolic"),
                        kind: .number(NumberField(unit: "mmHg", low: 30, high: 200, step: 1, day: .mean, goal: 60...85, urgentFrom: 120))),
                    TrackerField(
                        key: "f3", name: word("blood_pressure.pulse"), kind: .number(NumberField(unit: "bpm", low: 20, high: 250, step: 1, day: .mean))),
                    TrackerField(key: "f4", name: word("blood_pressure.when"), kind: .choice(choices(["blood_pressure.morning", "blood_pressure.evening"]))),
                ])
        }
    }
}
