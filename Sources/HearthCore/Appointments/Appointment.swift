import Foundation

/// What an appointment is for. A vet visit or a vaccination becomes that record afterwards.
public enum AppointmentKind: String, Sendable, CaseIterable {
    case vet
    case vaccination
    case checkup
    case grooming
    case pickup
    case other

    /// The record "How did it go?" opens for a pet, if any.
    public var recordKind: EntryKind? {
        switch self {
        case .vet, .checkup: .vetVisit
        case .vaccination: .vaccination
        case .grooming, .pickup, .other: nil
        }
    }
}

/// Something that will happen once at a time: the vet on Friday at 10, grooming next Tuesday.
/// For a pet, a person, or the household (`subjectID` nil); at a clinic from the directory or
/// a place typed.
public struct AppointmentInput: Sendable, Equatable {
    public var subjectID: Int64?
    public var kind: AppointmentKind
    public var date: LocalDate
    /// Minutes after midnight, in the household's zone.
    public var minutes: Int
    /// When, as an instant (the time as it is on the household's clock that day).
    public var startsAt: Date
    public var clinicID: Int64?
    public var place: String?
    public var note: String?

    public init(
        subjectID: Int64?, kind: AppointmentKind, date: LocalDate, minutes: Int, startsAt: Date, clinicID: Int64? = nil, place: String? = nil,
        note: String? = nil
    ) {
        (self.subjectID, self.kind, self.date, self.minutes, self.startsAt) = (subjectID, kind, date, minutes, startsAt)
        (self.clinicID, self.place, self.note) = (clinicID, place, note)
    }

    /// The form's fields: `subject` (an id, or empty for the household), `kind`, `date`, `time`,
    /// `clinic_id` (from the directory, or empty), `place`, `note`. A time the clock skips that
    /// day is refused rather than guessed.
    public static func validate(
        _ input: [String: String], subjects: Set<Int64>, clinics: Set<Int64>, timeZone: TimeZone
    ) -> Validated<AppointmentInput> {
        var errors = FieldErrors()
        var subjectID: Int64?
        if let raw = input["subject"], !raw.isEmpty {
            if let id = Int64(raw), subjects.contains(id) { subjectID = id } else { errors.add("subject", "error.choice.unknown") }
        }
        let kind = FormInput.choice(input, "kind", default: AppointmentKind.vet, errors: &errors)
        var clinicID: Int64?
        if let raw = input["clinic_id"], !raw.isEmpty {
            if let id = Int64(raw), clinics.contains(id) { clinicID = id } else { errors.add("clinic_id", "care.error.clinic_gone") }
        }
        let place = FormInput.text(input, "place", errors: &errors)
        let note = FormInput.text(input, "note", errors: &errors)
        let dateText = input["date", default: ""].trimmingCharacters(in: .whitespaces)
        let timeText = input["time", default: ""].trimmingCharacters(in: .whitespaces)
        var moment: (LocalDate, Int, Date)?
        switch LocalTime.instant(date: dateText, time: timeText, in: timeZone) {
        case .success(let instant): moment = (LocalDate(dateText)!, WallClock.minutes(timeText)!, instant)
        case .failure(.badDate): errors.add("date", "error.date.invalid")
        case .failure(.badTime): errors.add("time", "error.time.invalid")
        case .failure(.skippedByClockChange): errors.add("time", "error.time.skipped")
        }
        guard errors.isEmpty, let kind, let (date, minutes, startsAt) = moment else { return .invalid(errors) }
        return .valid(
            AppointmentInput(
                subjectID: subjectID, kind: kind, date: date, minutes: minutes, startsAt: startsAt, clinicID: clinicID, place: place, note: note))
    }

    /// Days from `today` to the appointment's day: 3 for "D-3", 0 on the day, negative after.
    public func daysAway(from today: LocalDate) -> Int { date.daysSince1970 - today.daysSince1970 }
}
