import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/appointments`: the vet on Friday at 10, grooming next Tuesday — booked, shown with their
/// D-day, and afterwards turned into the record of what happened.
struct AppointmentsController {
    let renderer: Renderer
    let appointments: AppointmentRepository
    let subjects: SubjectRepository
    let clinics: ClinicRepository
    let now: @Sendable () -> Date

    private func format(_ context: AppRequestContext) -> Formatting {
        Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let now = now()
        let today = LocalDate(now, in: context.timeZone)
        let all = try appointments.appointments(access: context.access, from: today.adding(days: -90))
        let canRecord = context.role?.canRecord == true
        let format = format(context)
        let page = AppointmentListPage(
            coming: AppointmentListHTML.render(
                all.filter { $0.input.startsAt >= now }, today: today, now: now, canRecord: canRecord, csrf: context.csrfToken, format: format),
            past: AppointmentListHTML.render(
                all.filter { $0.input.startsAt < now }.reversed(), today: today, now: now, canRecord: canRecord, csrf: context.csrfToken, format: format),
            canRecord: canRecord)
        return renderer.page(page, titleKey: "appointments.title", request: request, context: context)
    }

    // MARK: The form

    /// A new appointment; `subject`, `kind` and `date` in the query fill it in ("book it" from a
    /// follow-up or a vaccination due).
    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        var input = ["kind": "vet", "time": "10:00", "date": LocalDate(now(), in: context.timeZone).adding(days: 1).description]
        for name in ["subject", "kind", "date", "note"] { if let value = query.get(name), !value.isEmpty { input[name] = value } }
        return try await form(input: input, errors: FieldErrors(), appointment: nil, request: request, context: context, status: .ok)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(nil, request: request, context: context)
    }

    @Sendable func edit(_ request: Request, context: AppointmentContext) async throws -> Response {
        let (appointment, context) = (context.appointment, context.app)
        let input = [
            "subject": appointment.subject.map { String($0.id) } ?? "", "kind": appointment.kind.rawValue, "date": appointment.input.date.description,
            "time": LocalTime.clock(minutes: appointment.input.minutes), "clinic_id": appointment.input.clinicID.map(String.init) ?? "",
            "place": appointment.input.place ?? "", "note": appointment.input.note ?? "",
        ]
        return try await form(input: input, errors: FieldErrors(), appointment: appointment, request: request, context: context, status: .ok)
    }

    @Sendable func update(_ request: Request, context: AppointmentContext) async throws -> Response {
        try await save(context.appointment, request: request, context: context.app)
    }

    private func save(_ appointment: Appointment?, request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let member = try context.requireMember()
        let visible = try await subjects.subjects(access: context.access)
        // A pet or person gone (or hidden from this member) since the form was drawn.
        if let raw = input["subject"], !raw.isEmpty, !visible.contains(where: { String($0.id) == raw }) {
            throw PageError(status: .notFound, messageKey: "regimens.error.subject_gone")
        }
        let validated = AppointmentInput.validate(
            input, subjects: Set(visible.map(\.id)),
            clinics: Set(try input["clinic_id"].flatMap { Int64($0) }.flatMap(clinics.clinic(id:)).map { [$0.id] } ?? []),
            timeZone: context.timeZone)
        guard case .valid(let valid) = validated else {
            return try await form(
                input: input, errors: validated.errors, appointment: appointment, request: request, context: context, status: .unprocessableContent)
        }
        guard let appointment else {
            let id = try await appointments.create(valid, by: member.accountID, now: now())
            return .redirect(to: AppointmentRoutes.one(id), type: .normal)
        }
        try await appointments.update(id: appointment.id, valid)
        return .redirect(to: AppointmentRoutes.one(appointment.id), type: .normal)
    }

    private func form(
        input: [String: String], errors: FieldErrors, appointment: Appointment?, request: Request, context: AppRequestContext,
        status: HTTPResponse.Status
    ) async throws -> Response {
        let format = format(context)
        let fields = FormFields(
            ["subject", "kind", "date", "time", "clinic_id", "place", "note"], input: input, errors: errors, strings: renderer.strings,
            language: context.language)
        let subject = input["subject", default: ""]
        let clinic = input["clinic_id", default: ""]
        let page = AppointmentFormPage(
            heading: appointment.map { format.t("appointments.edit_named", ["name": format.appointmentTitle($0)]) } ?? format.t("appointments.new"),
            action: appointment.map { AppointmentRoutes.one($0.id) } ?? AppointmentRoutes.list.pattern,
            cancel: appointment.map { AppointmentRoutes.one($0.id) } ?? AppointmentRoutes.list.pattern, fields: fields, problems: FormProblems(errors: errors),
            subjects: [OptionView(value: "", label: format.t("appointments.household"), selected: subject.isEmpty)]
                + (try await subjects.subjects(access: context.access)).map {
                    OptionView(value: String($0.id), label: $0.name, selected: subject == String($0.id))
                },
            kinds: AppointmentKind.allCases.map {
                OptionView(value: $0.rawValue, label: format.t("appointments.kind.\($0.rawValue)"), selected: input["kind"] == $0.rawValue)
            },
            clinics: [OptionView(value: "", label: format.t("appointments.no_clinic"), selected: clinic.isEmpty)]
                + (try clinics.names(including: Int64(clinic))).map { OptionView(value: String($0.id), label: $0.name, selected: clinic == String($0.id)) })
        return renderer.page(page, titleKey: appointment == nil ? "appointments.new" : "appointments.edit", request: request, context: context, status: status)
    }

    // MARK: One appointment, and what became of it

    @Sendable func show(_ request: Request, context: AppointmentContext) async throws -> Response {
        let (appointment, context) = (context.appointment, context.app)
        let format = format(context)
        let now = now()
        let page = AppointmentPage(
            id: appointment.id, title: format.appointmentTitle(appointment),
            dDay: format.dDay(appointment, today: LocalDate(now, in: context.timeZone)), when: format.appointmentWhen(appointment),
            subjectLink: appointment.subject.map { $0.kind.page($0.id) }, clinicLink: appointment.input.clinicID.map { _ in ClinicRoutes.list.pattern },
            note: appointment.kind == .other ? nil : appointment.input.note, isPast: appointment.input.startsAt < now, isDone: appointment.isDone,
            recordLink: appointment.entryID.map { RecordRoutes.edit($0) },
            outcome: AppointmentListHTML.recordForm(appointment), canRecord: context.role?.canRecord == true)
        return renderer.page(page, titleKey: "appointments.title", titleText: page.title, request: request, context: context)
    }

    /// It happened (without a record), or that is taken back.
    @Sendable func done(_ request: Request, context: AppointmentContext) async throws -> Response {
        var request = request
        let appointment = context.appointment
        let input = try await FormData.read(&request, context: context.app).fields
        try await appointments.markDone(id: appointment.id, done: input["action"] != "undo", now: context.app.now)
        return .redirect(to: AppointmentRoutes.one(appointment.id), type: .normal)
    }

    @Sendable func delete(_ request: Request, context: AppointmentContext) async throws -> Response {
        try await appointments.delete(id: context.appointment.id, now: now())
        return .redirect(to: AppointmentRoutes.list.pattern, type: .normal)
    }
}
