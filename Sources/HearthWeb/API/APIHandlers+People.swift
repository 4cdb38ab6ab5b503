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
        var errors = FieldErrors()
        if (body.cups == nil) == (body.ml == nil) { errors.add("cups", "api.error.cups_or_ml") }
        if body.cups == 0 || body.ml == 0 { errors.add(body.cups == 0 ? "cups" : "ml", "api.error.zero") }
        if let refusal = PageError(errors) { throw refusal }
        let change = try body.ml ?? (body.cups! * daily.goals(subjectID: person.id, on: day).cupML)
        try await daily.addWater(change, subjectID: person.id, on: day)
        return .ok(.init(body: .json(Self.water(try daily.water(subjectID: person.id, on: day), on: day))))
    }

    func setSteps(_ input: Operations.SetSteps.Input) async throws -> Operations.SetSteps.Output {
        let context = try APICall.current()
        guard case .json(let body) = input.body else { throw PageError(status: .unsupportedMediaType, messageKey: "api.error.request") }
        let person = try person(input.path.subject, context)
        let day = try pastDay(body.date, context)
        let daily = DailyRepository(database)
        try await daily.setSteps(body.steps, subjectID: person.id, on: day)
        let saved = try daily.day(subjectID: person.id, on: day)
        return .ok(.init(body: .json(.init(date: day.description, steps: saved.steps, goal: saved.goals.steps))))
    }

    private func person(_ id: Int64, _ context: AppRequestContext) throws -> SubjectSummary {
        let subject = try subject(id, context)
        guard subject.kind == .person else { throw PageError(StoreError.personNotFound) }
        return subject
    }

    /// The day sent (today when none), refused on its field when it is still to come.
    private func pastDay(_ text: String?, _ context: AppRequestContext) throws -> LocalDate {
        var errors = FieldErrors()
        let day = PeopleController.pastDay(["date": text ?? ""], today: context.today, errors: &errors)
        if let refusal = PageError(errors) { throw refusal }
        return day!
    }
}
