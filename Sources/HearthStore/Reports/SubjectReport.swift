import Foundation
import HearthCore

/// Everything a printed report says about one subject over a span of days, read in one
/// snapshot: plain figures, formatted by the page.
public struct SubjectReport: Sendable {
    public struct Weight: Sendable {
        public let day: LocalDate
        public let grams: Double
    }
    public struct Food: Sendable {
        public let name: String
        public let kind: String
        public let times: Int
        public let amount: Double?
        public let unit: String
        public let refused: Int
    }
    public struct Toilets: Sendable {
        public var count = 0, urine = 0, stool = 0
        public var averageScore: Double?
        /// Days with blood or mucus, or a stool score of 6–7.
        public var unusualDays: [LocalDate] = []
    }
    public struct Symptom: Sendable {
        public let at: Date
        public let day: LocalDate
        public let kind: String
        public let signs: String
        public let severity: Int?
        public let note: String?
    }
    public struct Vaccination: Sendable {
        /// A vaccine given: the schedule's code (for its name in the member's language) and the name as recorded.
        public struct Vaccine: Sendable {
            public let code: String?
            public let name: String
        }
        public let day: LocalDate
        public let vaccines: [Vaccine]
        public let clinic: String?
    }
    public struct Visit: Sendable {
        public let day: LocalDate
        public let clinic: String?
        public let reason: String?
        public let diagnosis: String?
        public let treatment: String?
        public let cost: Double?
        public let currency: String?
    }
    public struct RegimenLine: Sendable {
        public let regimen: Regimen
        public let adherence: Adherence
        public let missed: [DoseSlot]
    }
    public struct Day: Sendable {
        public let day: LocalDate
        public let waterML: Int?
        public let steps: Int?
        public let goals: DailyGoals
    }
    public struct Diary: Sendable {
        public let day: LocalDate
        public let title: String?
        public let body: String?
    }

    public let subject: SubjectSummary
    public let from: LocalDate
    public let to: LocalDate
    /// Each day's record kinds, for the calendar's markers.
    public var kindsByDay: [LocalDate: Set<String>] = [:]
    public var weights: [Weight] = []
    public var foods: [Food] = []
    public var toilets = Toilets()
    public var symptoms: [Symptom] = []
    public var vaccinations: [Vaccination] = []
    public var due: [CareDue] = []
    public var visits: [Visit] = []
    public var regimens: [RegimenLine] = []
    public var days: [Day] = []
    public var diary: [Diary] = []
    /// A few photos of the span: favourites first, then the earliest.
    public var photos: [String] = []

    public var recordCount: Int { kindsByDay.values.reduce(0) { $0 + $1.count } }
}
