import HearthCore
import HearthHTML

/// Adding or editing one of a pet's records; the form shows the fields of its kind.
struct RecordFormPage: Page {
    static let template = "pets/record-form"
    /// Every kind's fields (`RecordKind`), so the form answers whichever section it shows.
    static let fieldNames = (RecordKind.commonFields + RecordKind.all.flatMap(\.fields) + ["appointment"]).reduce(into: [String]()) { names, name in
        if !names.contains(name) { names.append(name) }
    }
    let kind: EntryKind
    let kindLabel: String
    let petID: Int64
    let petName: String
    let action: String
    let cancel: String
    let heading: String
    let fields: FormFields
    let problems: FormProblems
    let photoHint: String
    let existingPhotos: [ExistingPhoto]
    let editing: Bool
    /// The date and time say "now" and follow the clock until the member changes them: a new
    /// record not dated by something else (an appointment's "how did it go?" keeps its day).
    var datedNow = false
    /// The kind's own choices; empty for kinds without them.
    /// Other pets this new record may be saved for too (`value`: the checkbox's name).
    var alsoFor: [OptionView] = []
    /// How many other records were saved together with this one (editing).
    var together = 0
    /// The record's changes, oldest first (editing).
    var changeLog = HTML.empty
    var units: [OptionView] = []
    var foods: [OptionView] = []
    var foodKinds: [OptionView] = []
    var amountUnits: [OptionView] = []
    var outcomes: [OptionView] = []
    var colours: [OptionView] = []
    var scores: [OptionView] = []
    var checks: [CheckboxView] = []
    var signs: [CheckboxView] = []
    var severities: [OptionView] = []
    var activities: [OptionView] = []
    /// A vaccination's list of the species' vaccines, each with its batch and next due.
    var vaccineRows: HTML = .empty
    /// A tracker's record: its fields (`TrackerRecordHTML`).
    var trackerFields: HTML = .empty
    var clinics: [OptionView] = []
    var preventives: [OptionView] = []
    var cycles: [OptionView] = []
    var currency = ""

    /// A photo the record already has, with "keep" ticked unless the member unticked it.
    struct ExistingPhoto: PagePart {
        let sha: String
        let thumbnail: String
        let kept: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "sha": sha
            case "thumbnail": thumbnail
            case "kept": kept
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "kind": kind.rawValue
        // The appointment this record answers ("How did it go?"), carried through the form.
        case "appointment": fields["appointment"].flatMap { $0.value.isEmpty ? nil : $0.value } ?? false
        case "kindLabel": kindLabel
        case "petID": petID
        case "links": SubjectPageLinks(kind: .pet, id: petID)
        case "petName": petName
        case "action": action
        case "cancel": cancel
        case "heading": heading
        case "fields": fields
        case "acceptsPhotos": kind.maximumPhotos > 0
        case "photoHint": photoHint
        case "existingPhotos": existingPhotos
        case "editing": editing
        case "datedNow": datedNow
        case "alsoFor": alsoFor
        case "hasAlsoFor": !alsoFor.isEmpty
        case "together": together > 0 ? String(together + 1) : false
        case "changeLog": changeLog
        case "hasChangeLog": !changeLog.isEmpty
        case "units": units
        case "foods": foods
        case "foodKinds": foodKinds
        case "amountUnits": amountUnits
        case "outcomes": outcomes
        case "colours": colours
        case "scores": scores
        case "checks": checks
        case "signs": signs
        case "severities": severities
        case "activities": activities
        case "vaccineRows": vaccineRows
        case "trackerFields": trackerFields
        case "clinics": clinics
        case "hasClinics": !clinics.isEmpty
        case "preventives": preventives
        case "cycles": cycles
        case "currency": currency
        // `{{#page.is_meal}}`: the section of this kind's fields. Only real kinds answer.
        case _ where name.hasPrefix("is_"): EntryKind(rawValue: String(name.dropFirst(3))).map { $0 == kind }
        default: problems.child(named: name)
        }
    }
}
