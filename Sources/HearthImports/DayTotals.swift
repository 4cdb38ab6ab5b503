import HearthCore

/// Gathers records into local days.
///
/// Steps come from several sources that overlap (the phone and the watch both count the same
/// walk), so they are not summed across sources: each local hour counts the largest total any
/// single source recorded in it (a record in the hour of its start), and a day is the sum of
/// its hours. Water is summed; weight is the day's last reading.
struct DayTotals {
    /// (local day × 24 + hour) × 65,536 + source → steps that source counted in that hour.
    private var stepsBySourceHour: [Int64: Double] = [:]
    private var sources: [[UInt8]: Int64] = [:]
    private var water: [Int: Double] = [:]
    private var weights: [Int: (at: Int64, grams: Double)] = [:]

    mutating func addSteps(_ steps: Double, source: UnsafeRawBufferPointer, day: Int, hour: Int) throws {
        let sourceID = try sourceNumber(source)
        stepsBySourceHour[(Int64(day) * 24 + Int64(hour)) << 16 | sourceID, default: 0] += steps
    }

    mutating func addWater(millilitres: Double, day: Int) {
        water[day, default: 0] += millilitres
    }

    mutating func addWeight(grams: Double, day: Int, at instant: Int64) {
        if let known = weights[day], known.at > instant { return }
        weights[day] = (instant, grams)
    }

    /// A source's number, given the first time it is seen (a few per file). Only the start of
    /// a name is kept, and a file naming more sources than any phone has is not an export:
    /// a file of 4 MB names took a gigabyte when each was kept whole.
    private mutating func sourceNumber(_ name: UnsafeRawBufferPointer) throws -> Int64 {
        let key = Array(name.prefix(ImportLimits.keptAttributeBytes))
        if let known = sources[key] { return known }
        guard sources.count < ImportLimits.stepSources else { throw ImportProblem.damaged }
        let next = Int64(sources.count)
        sources[key] = next
        return next
    }

    /// The days, oldest first.
    func days() -> [ImportedDay] {
        var hours: [Int64: Double] = [:]
        for (key, steps) in stepsBySourceHour {
            let hour = key >> 16
            hours[hour] = max(hours[hour] ?? 0, steps)
        }
        var stepsByDay: [Int: Double] = [:]
        for (hour, steps) in hours {
            let day = Int(hour >= 0 ? hour / 24 : (hour - 23) / 24)
            stepsByDay[day, default: 0] += steps
        }
        var byDay: [Int: ImportedDay] = [:]
        func update(_ day: Int, _ change: (inout ImportedDay) -> Void) {
            var value = byDay[day] ?? ImportedDay(day: LocalDate(daysSince1970: day))
            change(&value)
            byDay[day] = value
        }
        for (day, steps) in stepsByDay { update(day) { $0.steps = Int(steps.rounded()) } }
        for (day, ml) in water { update(day) { $0.waterML = Int(ml.rounded()) } }
        for (day, weight) in weights { update(day) { $0.weightGrams = (weight.grams * 10).rounded() / 10 } }
        return byDay.keys.sorted().map { byDay[$0]! }
    }
}
