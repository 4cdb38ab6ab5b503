import Foundation
import Testing

/// HTML written in Swift lives in view files (`…HTML.swift`, the SVG charts, the grids), not in
/// controllers: a controller hands a page model what it found. These controllers still write
/// some and may not write more; the list only shrinks.
@Suite("No markup in controllers")
struct MarkupPlaceTests {
    static let stillWriting: [String: Int] = [
        "API/APITokensController.swift": 11, "Gallery/GalleryController.swift": 7, "Health/CareSettingsController.swift": 9,
        "Health/ClinicsController.swift": 7, "Health/EmergencyController.swift": 8, "Medicines/DosesController.swift": 4,
        "Medicines/MedicinesController.swift": 2, "Medicines/RegimensController.swift": 10,
    ]

    @Test("no controller writes more HTML than listed; one that writes less has its number brought down")
    func controllersWriteNoMore() throws {
        var writing: [String: Int] = [:]
        for (file, text) in try SourceFiles.read("Sources/HearthWeb", suffix: "Controller.swift") {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let count = lines.filter { $0.contains(#/#?"<[a-zA-Z/!]/#) }.count
            if count > 0 { writing[file] = count }
        }
        for (file, count) in writing.sorted(by: { $0.key < $1.key }) where count > Self.stillWriting[file, default: 0] {
            Issue.record("\(file) writes HTML on \(count) lines: move it to a view (`…HTML.swift`) or a template")
        }
        for (file, count) in Self.stillWriting.sorted(by: { $0.key < $1.key }) where writing[file, default: 0] < count {
            Issue.record("\(file) now writes HTML on \(writing[file, default: 0]) lines: bring its number in MarkupPlaceTests down from \(count)")
        }
    }
}
