import Foundation
import HearthCore
import HearthStore

/// The household export's calendar file in the household's words.
extension Formatting {
    /// The calendar file's words: a record as its timeline line ("토리: 체중 4.2 kg"), a care
    /// item due as on the care card.
    func calendarWords(unit: BodyWeightUnit) -> HouseholdExport.CalendarWords {
        let format = self
        return HouseholdExport.CalendarWords(
            record: { entry in
                let said = format.summary(entry, unit: unit)
                return (said.title, said.detail)
            },
            due: { what in format.t("export.ics_due", ["what": format.dueLabel(what)]) })
    }
}

extension CommandLineText {
    /// The calendar file's words in the terminal's language, for `hearth export records --format ics`.
    public func calendarWords(zone: TimeZone, unit: BodyWeightUnit) -> HouseholdExport.CalendarWords {
        Formatting(strings: strings, language: language, timeZone: zone).calendarWords(unit: unit)
    }
}
