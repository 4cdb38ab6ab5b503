import Foundation
import HearthCore

/// Reads the records of an Apple Health `export.xml` as the scanner finds them: StepCount,
/// BodyMass and DietaryWater at the top level (records inside a Correlation repeat top-level
/// ones and are skipped), into local days.
struct AppleHealthReader: XMLElementReader {
    var clock: LocalClock
    var totals = DayTotals()
    /// Every top-level record, whatever its type: what the progress page counts.
    var recordsRead = 0
    /// Records of the three types whose unit or value could not be read.
    var skipped = 0
    private var correlationDepth = 0
    private var checkedRoot = false

    init(timeZone: TimeZone) { clock = LocalClock(timeZone) }

    mutating func start(_ element: XMLElement) throws {
        if !checkedRoot {
            checkedRoot = true
            guard element.isNamed("HealthData") else { throw ImportProblem.notAppleHealth }
        }
        if element.isNamed("Correlation") {
            if !element.selfClosing { correlationDepth += 1 }
            return
        }
        guard element.depth == 2, correlationDepth == 0, element.isNamed("Record") else { return }
        recordsRead += 1
        var type: UnsafeRawBufferPointer?, source: UnsafeRawBufferPointer?, unit: UnsafeRawBufferPointer?
        var start: UnsafeRawBufferPointer?, value: UnsafeRawBufferPointer?
        try element.forEachAttribute { name, content in
            switch name.count {
            case 4 where bytesEqual(name, "type"): type = content
            case 4 where bytesEqual(name, "unit"): unit = content
            case 5 where bytesEqual(name, "value"): value = content
            case 9 where bytesEqual(name, "startDate"): start = content
            case 10 where bytesEqual(name, "sourceName"): source = content
            default: break
            }
        }
        guard let type else { return }
        let kind: Kind
        if bytesEqual(type, "HKQuantityTypeIdentifierStepCount") {
            kind = .steps
        } else if bytesEqual(type, "HKQuantityTypeIdentifierBodyMass") {
            kind = .weight
        } else if bytesEqual(type, "HKQuantityTypeIdentifierDietaryWater") {
            kind = .water
        } else {
            return
        }
        guard let start, let instant = appleHealthInstant(start), let value, let number = decimalNumber(value), number >= 0 else {
            skipped += 1
            return
        }
        let (day, hour) = clock.dayAndHour(epochSeconds: instant)
        switch kind {
        case .steps:
            try totals.addSteps(number, source: source ?? UnsafeRawBufferPointer(start: nil, count: 0), day: day, hour: hour)
        case .weight:
            guard let unit, let grams = Self.grams(number, unit: unit) else {
                skipped += 1
                return
            }
            totals.addWeight(grams: grams, day: day, at: instant)
        case .water:
            guard let unit, let ml = Self.millilitres(number, unit: unit) else {
                skipped += 1
                return
            }
            totals.addWater(millilitres: ml, day: day)
        }
    }

    mutating func end(name: UnsafeRawBufferPointer, depth: Int) throws {
        if correlationDepth > 0, bytesEqual(name, "Correlation") { correlationDepth -= 1 }
    }

    private enum Kind { case steps, weight, water }

    static func grams(_ value: Double, unit: UnsafeRawBufferPointer) -> Double? {
        if bytesEqual(unit, "kg") { return value * 1000 }
        if bytesEqual(unit, "lb") { return value * 453.59237 }
        if bytesEqual(unit, "g") { return value }
        if bytesEqual(unit, "st") { return value * 6350.29318 }
        return nil
    }

    static func millilitres(_ value: Double, unit: UnsafeRawBufferPointer) -> Double? {
        if bytesEqual(unit, "mL") || bytesEqual(unit, "ml") { return value }
        if bytesEqual(unit, "L") { return value * 1000 }
        if bytesEqual(unit, "fl_oz_us") { return value * 29.5735295625 }
        if bytesEqual(unit, "fl_oz_imp") { return value * 28.4130625 }
        if bytesEqual(unit, "cup_us") { return value * 236.5882365 }
        return nil
    }
}

/// Why an import stopped. Nothing of the file is written when it does.
public enum ImportProblem: Error, Equatable, Sendable {
    /// Not XML (or not a zip holding XML).
    case notXML
    /// XML, but not an Apple Health export (its root is not HealthData).
    case notAppleHealth
    /// The file ends before the export does, or its markup is broken.
    case truncated
    case damaged
    /// A zip that is cut off or has no `export.xml` inside.
    case zipTruncated
    case zipWithoutExport
    /// A Google Takeout zip with no Fit CSV files inside.
    case zipWithoutFit
    /// A zip that uses a compression other than deflate.
    case zipUnsupported
    /// A zip whose export would inflate past `ImportLimits` (a zip bomb).
    case inflatesTooMuch
    /// A CSV without a date column, or without any column Hearth reads.
    case csvMissingColumns(String)
    /// A CSV too large, with a line too long, or with bytes in no encoding Hearth reads.
    case csv(CSVProblem)
    /// Nothing in the file that Hearth keeps (no steps, water or weight).
    case nothingToImport
    case unreadable(String)
}
