import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// A person's water and steps, as the buttons on their page change them.
extension APIHandlers {
    func addWater(_ input: Operations.AddWater.Input) async throws -> Operations.AddWater.Output {
        let context = try APICall.current()
        guard case .json(let body) = input.body else { throw PageError(status: .unsupportedMediaType, messageKey: "api.error.request") }
        let person = try person(input.path.subject, context)
        let day = try pastDay(body.date, context)
        let daily = DailyRepository(database)
        // The form's rules, with the body's numbers as the form's text.
        var errors = FieldErrors()
        let fields = ["cups": body.cups.map { String($0) } ?? "", "ml": body.ml.map { String($0) } ?? ""]
        if fields.values.allSatisfy(\.isEmpty) { errors.add("cups", "people.error.cups_or_ml") }
        let change = DailyInput.waterChange(fields, cupML: try daily.goals(subjectID: person.id, on: day).cupML, errors: &errors)
        guard let change, errors.isEmpty else { throw PageError(refusing: errors) }
        try await daily.addWater(change, subjectID: person.id, on: day)
        return .ok(.init(body: .json(Self.water(try daily.water(subjectID: person.id, on: day), on: day))))
    }

    func setSteps(_ input: Operations.SetSteps.Input) async throws -> Operations.SetSteps.Output {
        let context = try APICall.current()
        guard case .json(let body) = input.body else { throw PageError(status: .unsupportedMediaType, messageKey: "api.error.request") }
        let person = try person(input.path.subject, context)
        let day = try pastDay(body.date, context)
        let daily = DailyRepository(database)
        var errors = FieldErrors()
        let steps = DailyInput.steps(["steps": String(body.steps)], errors: &errors)
        guard let steps, errors.isEmpty else { throw PageError(refusing: errors) }
        try await daily.setSteps(steps, subjectID: person.id, on: day)
        let saved = try daily.day(subjectID: person.id, on: day)
        return .ok(.init(body: .json(.init(date: day.description, steps: saved.steps, goal: saved.goals.steps))))
    }

    private func person(_ id: Int64, _ context: AppRequestContext) throws -> SubjectSummary {
        let subject = try subject(id, context)
        guard subject.kind == .person else {
            var errors = FieldErrors()
            errors.add("subject", "people.error.not_a_person")
            throw PageError(errors) ?? PageError(StoreError.personNotFound)
        }
        return subject
    }

    /// The day sent (today when none), refused on its field when it is still to come.
    private func pastDay(_ text: String?, _ context: AppRequestContext) throws -> LocalDate {
        var errors = FieldErrors()
        let day = PeopleController.pastDay(["date": text ?? ""], today: context.today, errors: &errors)
        guard let day, errors.isEmpty else { throw PageError(refusing: errors) }
        return day
    }
}
