import Foundation
import HearthCharts
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/regimens`: named groups of medicines and supplements on a schedule, for any pet or person.
struct RegimensController {
    let renderer: Renderer
    let regimens: RegimenRepository
    let medicines: MedicineRepository
    let subjects: SubjectRepository
    let interactions: InteractionRepository
    let history: HistoryRepository
    let now: @Sendable () -> Date

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let today = LocalDate(now(), in: context.timeZone)
        var html = HTML.empty
        for regimen in try regimens.regimens(access: context.access) {
            let ended = regimen.hasEnded(by: today)
            let endedClass: HTML = ended ? #" class="ended""# : .empty
            html += #"<li\#(endedClass)><a href="\#(RegimenRoutes.one(regimen.id))"><strong>\#(regimen.subjectName): \#(regimen.name)</strong></a>"#
            html +=
                #"<p class="meta">\#(format.items(regimen.currentItems)) · \#(format.schedule(regimen.schedule))\#(ended ? " · " + format.t("regimens.ended") : "")</p></li>"#
        }
        let subjects = try await subjects.subjects(access: context.access)
        let page = RegimenListPage(
            items: html, canRecord: context.role?.canRecord == true,
            subjects: subjects.map { OptionView(value: String($0.id), label: $0.name, selected: false) })
        return renderer.page(page, titleKey: "regimens.title", request: request, context: context)
    }

    // MARK: The form

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let subject = try subject(query.get("subject").flatMap { Int64($0) }, context: context)
        var input = ["start": LocalDate(now(), in: context.timeZone).description, "repeat": "daily", "time_1": "08:00", "remind": "on", "item_1_amount": "1"]
        // "Add to a regimen" from the catalogue: the item picked, and how to take it.
        if let medicineID = query.get("medicine").flatMap({ Int64($0) }), let medicine = try medicines.medicine(id: medicineID) {
            input["item_1_medicine"] = String(medicine.id)
            input["item_1_name"] = medicine.name
            input["item_1_unit"] = medicine.input.form ?? ""
            input["hint"] = medicine.input.howToTake ?? ""  // shown above the items, not a field
        }
        return try form(input: input, errors: FieldErrors(), subject: subject, regimen: nil, request: request, context: context, status: .ok)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(nil, request: request, context: context)
    }

    @Sendable func edit(_ request: Request, context: RegimenContext) async throws -> Response {
        let (regimen, context) = (context.regimen, context.app)
        let subject = try subject(regimen.subjectID, context: context)
        return try form(input: Self.fields(regimen), errors: FieldErrors(), subject: subject, regimen: regimen, request: request, context: context, status: .ok)
    }

    /// Saves the regimen from today on: the past keeps what was due and given.
    @Sendable func update(_ request: Request, context: RegimenContext) async throws -> Response {
        try await save(context.regimen, request: request, context: context.app)
    }

    /// Adds a regimen (`regimen` nil) for the form's subject, or changes one from today on.
    /// A name the subject's other regimens have is refused on its field.
    private func save(_ regimen: Regimen?, request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let subject = try subject(regimen?.subjectID ?? input["subject"].flatMap { Int64($0) }, context: context)
        var errors = FieldErrors()
        var warning: (html: HTML, seen: String)?
        switch validate(input) {
        case .invalid(let invalid): errors = invalid
        case .valid(let valid):
            // The DUR lists are asked before saving: a warning, once, then saved as typed (the doctor decided).
            let check = try interactions.check(
                personID: subject.subject.id, today: LocalDate(now(), in: context.timeZone), typed: (regimen?.id, valid.name, valid.items)
            ).about(regimenID: regimen?.id)
            let seen = Self.fingerprint(check)
            if !check.isEmpty && input["interactions_seen"] != seen {
                let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
                warning = (InteractionHTML.render(check, format: format, links: false), seen)
                break
            }
            do {
                guard let regimen else {
                    let id = try await regimens.create(subjectID: subject.subject.id, valid, now: now())
                    return .redirect(to: RegimenRoutes.one(id), type: .normal)
                }
                try await regimens.update(id: regimen.id, valid, today: LocalDate(now(), in: context.timeZone), now: now())
                return .redirect(to: RegimenRoutes.one(regimen.id), type: .normal)
            } catch StoreError.regimenNameTaken {
                errors.add("name", "regimens.error.name_taken")
            }
        }
        return try form(
            input: input, errors: errors, subject: subject, regimen: regimen, request: request, context: context,
            status: warning == nil ? .unprocessableContent : .conflict, warning: warning)
    }

    /// What a warning was about, so the same form sent again saves and a changed one asks again.
    static func fingerprint(_ check: InteractionCheck) -> String {
        (check.interactions.map { "\($0.pair.key):\($0.first.medicineID)-\($0.second.medicineID)" }
            + check.cautions.map { "\($0.caution.key):\($0.medicine.medicineID)" })
            .sorted().joined(separator: ",")
    }

    /// Ends the regimen after today (its doses today stay as they are).
    @Sendable func end(_ request: Request, context: RegimenContext) async throws -> Response {
        let (regimen, context) = (context.regimen, context.app)
        try await regimens.end(id: regimen.id, lastDay: LocalDate(now(), in: context.timeZone), now: now())
        return .redirect(to: RegimenRoutes.one(regimen.id), type: .normal)
    }

    @Sendable func delete(_ request: Request, context: RegimenContext) async throws -> Response {
        let (regimen, context) = (context.regimen, context.app)
        try await regimens.delete(id: regimen.id, today: LocalDate(now(), in: context.timeZone), now: now())
        return .redirect(to: regimen.subjectKind.page(regimen.subjectID) + "#medicines", type: .normal)
    }

    private func validate(_ input: [String: String]) -> Validated<RegimenInput> {
        RegimenInput.validate(input) { id in try? medicines.medicine(id: id)?.name }
    }

    /// The subject a regimen is for, and (a pet's) latest weight for the mg per kg fields.
    private func subject(_ id: Int64?, context: AppRequestContext) throws -> (subject: SubjectSummary, weightGrams: Double?) {
        guard let id, let found = try regimens.subject(id, access: context.access) else {
            throw PageError(status: .notFound, messageKey: "regimens.error.subject_gone")
        }
        return found
    }

    static func fields(_ regimen: Regimen) -> [String: String] {
        let schedule = regimen.schedule
        var input: [String: String] = [
            "name": regimen.name, "purpose": regimen.purpose ?? "", "remind": regimen.remind ? "on" : "",
        ]
        input.merge(schedule.formFields) { $1 }
        for (n, item) in regimen.currentItems.prefix(RegimenInput.itemFields).enumerated() {
            let f = { (part: String) in "item_\(n + 1)_\(part)" }
            input[f("name")] = item.input.name
            input[f("medicine")] = item.input.medicineID.map(String.init) ?? ""
            input[f("amount")] = String(format: "%g", item.input.amount)
            input[f("unit")] = item.input.unit
            input[f("mg_per_kg")] = item.input.mgPerKg.map { String(format: "%g", $0) } ?? ""
            input[f("in_hand")] = item.input.inHand.map { String(format: "%g", $0) } ?? ""
            input[f("refill_days")] = item.input.refillDays.map(String.init) ?? ""
        }
        return input
    }

    private func form(
        input: [String: String], errors: FieldErrors, subject found: (subject: SubjectSummary, weightGrams: Double?), regimen: Regimen?,
        request: Request, context: AppRequestContext, status: HTTPResponse.Status, warning: (html: HTML, seen: String)? = nil
    ) throws -> Response {
        let subject = found.subject
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        var names = ["name", "purpose", "every", "start", "end_date", "end_days", "minimum_hours", "weekdays", "repeat", "end", "remind", "hint"]
        names += (1...CareSchedule.timeFields).map { "time_\($0)" } + (1...7).map { "weekday_\($0)" }
        for n in 1...RegimenInput.itemFields {
            names += ["name", "medicine", "amount", "unit", "mg_per_kg", "in_hand", "refill_days"].map { "item_\(n)_\($0)" }
        }
        let fields = FormFields(names, input: input, errors: errors, strings: renderer.strings, language: context.language)
        let isPet = subject.kind == .pet
        let repeatChoice = input["repeat", default: "daily"]
        let endChoice = input["end", default: "none"]
        let page = RegimenFormPage(
            heading: regimen == nil ? format.t("regimens.new_for", ["name": subject.name]) : format.t("regimens.edit_named", ["name": regimen!.name]),
            action: regimen.map { RegimenRoutes.one($0.id) } ?? RegimenRoutes.list.pattern,
            cancel: regimen.map { RegimenRoutes.one($0.id) } ?? subject.kind.page(subject.id),
            subjectID: subject.id, isEdit: regimen != nil, fields: fields, problems: FormProblems(errors: errors),
            items: RegimenFormHTML.items(fields, format: format, isPet: isPet), times: RegimenFormHTML.times(fields, format: format),
            weekdays: RegimenFormHTML.weekdays(fields, format: format),
            repeats: ["daily", "weekdays", "days", "weeks", "months", "as_needed"].map {
                OptionView(value: $0, label: format.t("regimens.repeat.\($0)"), selected: repeatChoice == $0)
            },
            ends: ["none", "date", "days"].map { OptionView(value: $0, label: format.t("regimens.end.\($0)"), selected: endChoice == $0) },
            hint: input["hint"].flatMap { $0.isEmpty ? nil : $0 },
            weight: found.weightGrams.map { format.t("regimens.latest_weight", ["weight": format.weight(grams: $0, unit: subject.petWeightUnit ?? .kg)]) },
            remind: ["on", "yes", "1", "true"].contains(input["remind", default: ""]), interactions: warning?.html ?? .empty, interactionsSeen: warning?.seen)
        return renderer.page(page, titleKey: regimen == nil ? "regimens.new" : "regimens.edit", request: request, context: context, status: status)
    }

    // MARK: The regimen's page

    @Sendable func show(_ request: Request, context: RegimenContext) async throws -> Response {
        let (regimen, context) = (context.regimen, context.app)
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let now = now()
        let today = LocalDate(now, in: context.timeZone)
        let canRecord = context.role?.canRecord == true
        // A year of months for adherence, and the next week's doses for one-day changes.
        let firstMonth = LocalDate(year: today.year, month: today.month, day: 1)!.adding(months: -11)
        let doses =
            try regimens.doses(access: context.access, regimenID: regimen.id, from: firstMonth, to: today.adding(days: 7), in: context.timeZone).first?.slots
            ?? []
        var months: [AdherenceChart.Month] = []
        for offset in 0..<12 {
            let start = firstMonth.adding(months: offset)
            let end = start.adding(months: 1).adding(days: -1)
            let adherence = Adherence.of(doses.filter { $0.day >= start && $0.day <= end }, now: now)
            months.append(AdherenceChart.Month(label: format.monthShort(start), given: adherence.given, due: adherence.due))
        }
        let weight = try regimens.subject(regimen.subjectID, access: context.access)?.weightGrams
        let given = try regimens.givenSinceCount(regimen)
        var items = HTML.empty
        for item in regimen.currentItems {
            items += #"<li><strong>\#(item.input.name)</strong> \#(item.input.doseText)"#
            if let id = item.input.medicineID { items += #" <a class="meta" href="\#(MedicineRoutes.one(id))">\#(format.t("regimens.in_catalogue"))</a>"# }
            if let perKg = item.input.mgPerKg {
                let text =
                    weight.map { grams in
                        format.t(
                            "regimens.mg_per_kg_dose",
                            [
                                "per_kg": format.number(perKg), "mg": format.number(perKg * grams / 1000, decimals: 1),
                                "weight": format.weight(grams: grams, unit: .kg),
                            ])
                    } ?? format.t("regimens.mg_per_kg_no_weight", ["per_kg": format.number(perKg)])
                items += #"<p class="meta">\#(text)</p>"#
            }
            if let (remaining, days, warn) = item.input.supply(givenSinceCount: given[item.id] ?? 0, schedule: regimen.schedule) {
                let text =
                    format.t("regimens.supply", ["left": format.number(remaining, decimals: 1), "unit": item.input.unit])
                    + (days.map { " · " + format.t("regimens.supply_days", ["days": String($0)]) } ?? "")
                items += #"<p class="\#(warn ? "supply supply-low" : "supply")">\#(text)\#(warn ? " — " + format.t("regimens.refill") : "")</p>"#
            }
            items += "</li>"
        }
        let upcoming = doses.filter { $0.day >= today && !$0.asNeeded && $0.instant > now.addingTimeInterval(-DoseSlot.window) }.prefix(6)
        var changes = HTML.empty
        if canRecord && !regimen.deleted {
            for slot in upcoming where slot.logged == nil {
                let hidden = DoseListHTML.doseFields(regimen: regimen.id, day: slot.day, time: slot.time, csrf: context.csrfToken, back: nil)
                let id = "move-\(slot.day)-\(slot.time)"
                changes +=
                    #"<li><span class="what">\#(format.dayHeading(slot.day)) \#(format.minutes(slot.minutes))</span> <span class="when">\#(format.doseState(slot, now: now))</span>"#
                if slot.change != nil {
                    changes +=
                        #"<form method="post" action="\#(DoseRoutes.change.pattern)" class="dose-actions">\#(hidden)<button name="action" value="restore" type="submit">\#(format.t("doses.restore"))</button></form>"#
                } else {
                    changes +=
                        #"<details class="dose-actions"><summary>\#(format.t("doses.move_or_skip"))</summary><form method="post" action="\#(DoseRoutes.change.pattern)">\#(hidden)<label for="\#(id)">\#(format.t("doses.move_to"))</label><input id="\#(id)" type="time" name="to" value="\#(format.minutes(slot.time))"> <button name="action" value="move" type="submit">\#(format.t("doses.move"))</button> <button name="action" value="skip" type="submit">\#(format.t("doses.skip_day"))</button></form></details>"#
                }
                changes += "</li>"
            }
        }
        let recent = doses.filter { $0.day < today && $0.day >= today.adding(days: -14) }.reversed().map { (regimen: regimen, slot: $0) }
        let thisMonth = Adherence(given: months.last!.given, due: months.last!.due)
        let page = RegimenPage(
            id: regimen.id, name: regimen.name, subject: regimen.subjectName,
            subjectLink: regimen.subjectKind.page(regimen.subjectID),
            purpose: regimen.purpose, schedule: format.schedule(regimen.schedule), items: items,
            interactions: InteractionHTML.render(
                try interactions.check(personID: regimen.subjectID, today: today).about(regimenID: regimen.id), format: format),
            ended: regimen.hasEnded(by: today) ? format.t("regimens.ended_on", ["date": regimen.lastDay.map(format.dayHeading) ?? ""]) : nil,
            adherence: thisMonth.fraction.map {
                format.t(
                    "regimens.adherence_month", ["percent": String(Int(($0 * 100).rounded())), "given": String(thisMonth.given), "due": String(thisMonth.due)])
            },
            chart: AdherenceChart.figure(
                months, id: "adherence", title: format.t("regimens.adherence_chart"), monthHeading: format.t("regimens.month"),
                valueHeading: format.t("regimens.given_of_due")),
            changes: changes,
            history: DoseListHTML.render(
                Array(recent), now: now, canRecord: canRecord, csrf: context.csrfToken, back: RegimenRoutes.one(regimen.id), format: format, showSubject: false),
            changeLog: HistoryHTML.rows(try history.of(record: "regimen", id: regimen.id, limit: 50), format: format),
            canRecord: canRecord && !regimen.deleted, hasEnded: regimen.hasEnded(by: today), remind: regimen.remind)
        return renderer.page(page, titleKey: "regimens.title", titleText: regimen.name, request: request, context: context)
    }
}
