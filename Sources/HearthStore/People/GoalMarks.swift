import Foundation
import GRDB
import HearthCore

/// The calendar's goal dots: the people who met their water goal, and their steps goal.
enum GoalMarks: CalendarMarksSource {
    static func mark(_ marks: inout [LocalDate: DayMarks], _ span: CalendarSpan, _ db: Database) throws {
        let filter = span.filter
        guard filter.kind == nil || filter.kind == .water || filter.kind == .steps else { return }
        for person in span.subjects where person.kind == .person {
            for figures in try CalendarRepository.figures(subjectID: person.id, from: span.from, to: span.to, db) {
                guard let day = LocalDate(figures.day) else { continue }
                if filter.kind != .steps, let goal = figures.value.goals.waterML, figures.value.waterML >= goal {
                    marks[day, default: DayMarks()].waterMet.append(person.id)
                }
                if filter.kind != .water, let goal = figures.value.goals.steps, let steps = figures.value.steps, steps >= goal {
                    marks[day, default: DayMarks()].stepsMet.append(person.id)
                }
            }
        }
    }
}
