import HearthCore
import HearthStore

/// A flag in words, the same on a page, in a report and in the API: what was seen, the rule
/// with its source, the advice, and where its records are.
enum FlagText {
    /// "최근 30일 구토 4회 — 이전 90일은 월 1회 꼴".
    static func seen(_ flag: HealthFlag, _ subject: SubjectSummary, format: Formatting) -> String {
        var values = flag.figures.mapValues { format.number($0, decimals: 1) }
        let unit = subject.petWeightUnit ?? .kg
        if let from = flag.figures["from"], let to = flag.figures["to"] {
            values["from"] = format.weight(grams: from, unit: unit)
            values["to"] = format.weight(grams: to, unit: unit)
        }
        values["name"] = flag.regimenName ?? flag.trackerName ?? ""
        // "1 reading", not "1 readings": the count can be one only for an urgent reading.
        let one = flag.rule == .urgentReading && flag.figures["count"] == 1 ? "_one" : ""
        return format.t("flags.seen.\(flag.rule.rawValue)\(one)", values)
    }

    /// "기준: 30일에 3회 이상 — Texas A&M Pet Talk, Hastings Veterinary Hospital".
    static func rule(_ flag: HealthFlag, _ subject: SubjectSummary, format: Formatting) -> String {
        switch flag.rule {
        case .weightLoss, .weightGain: format.t(subject.kind == .pet ? "flags.rule.weight_pet" : "flags.rule.weight_person")
        default: format.t("flags.rule.\(flag.rule.rawValue)")
        }
    }

    /// "수의사와 상의해 보세요."; an urgent reading's is sooner: now for a pet, today for a person.
    static func advice(_ flag: HealthFlag, _ subject: SubjectSummary, format: Formatting) -> String {
        switch (flag.rule, subject.kind) {
        case (.urgentReading, .pet): format.t("flags.urgent_vet")
        case (.urgentReading, .person): format.t("flags.urgent_doctor")
        case (_, .pet): format.t("flags.ask_vet")
        case (_, .person): format.t("flags.ask_doctor")
        }
    }

    /// The records behind it: the kind's timeline over its days, or the regimen's page.
    static func records(_ flag: HealthFlag, _ subject: SubjectSummary) -> String {
        if let regimen = flag.regimenID { return RegimenRoutes.one(regimen) }
        guard let first = flag.days.first, let last = flag.days.last else { return subject.kind.timeline(subject.id) }
        var query = ["from": first.description, "to": last.description]
        if subject.kind == .pet, let kind = flag.rule.kind { query["kind"] = kind.rawValue }
        return QueryLink.make(subject.kind.timeline(subject.id), query)
    }
}
