import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// Pets and people with today's state: what a dashboard shows.
extension APIHandlers {
    func listSubjects(_ input: Operations.ListSubjects.Input) async throws -> Operations.ListSubjects.Output {
        let context = try APICall.current()
        let subjects = try await SubjectRepository(database).subjects(access: context.access)
        let pets = try await PetRepository(database).pets(access: context.access)
        let shown = try self.shown(subjects.filter { $0.kind == .pet } + subjects.filter { $0.kind == .person }, pets: pets, context)
        return .ok(.init(body: .json(.init(date: context.today.description, subjects: shown))))
    }

    func getSubject(_ input: Operations.GetSubject.Input) async throws -> Operations.GetSubject.Output {
        let context = try APICall.current()
        let subject = try subject(input.path.subject, context)
        let pets = subject.kind == .pet ? [try await PetRepository(database).pet(id: subject.id, access: context.access)].compactMap { $0 } : []
        return .ok(.init(body: .json(try shown([subject], pets: pets, context)[0])))
    }

    private func shown(_ subjects: [SubjectSummary], pets: [Pet], _ context: AppRequestContext) throws -> [Components.Schemas.Subject] {
        let today = context.today
        let days = try SubjectToday.read(subjects, on: today, database)
        let format = format(context)
        let householdUnit = BodyWeightUnit(context.household?.weightUnit ?? .kg)
        let flags = Dictionary(try openFlags(subjects, context).map { ($0.subject, $0.flags) }, uniquingKeysWith: { a, _ in a })
        return subjects.map { subject in
            let day = days[subject.id]
            let pet = pets.first { $0.id == subject.id }
            let unit = subject.petWeightUnit ?? householdUnit
            let weight = day?.latestWeight.map { Components.Schemas.Weighing(grams: $0.grams, text: format.weight(grams: $0.grams, unit: unit), at: $0.at) }
            let person = day?.person
            return Components.Schemas.Subject(
                id: subject.id, _type: subject.kind == .pet ? .pet : .person, name: subject.name, species: pet?.profile.species.rawValue,
                archived: pet.map { $0.archivedAt != nil },
                today: .init(
                    date: today.description, records: day?.records ?? 0, latestWeight: weight, lastMeal: day?.lastMealAt,
                    water: person.map { Self.water($0.water, on: today) },
                    steps: person.map { .init(date: today.description, steps: $0.steps, goal: $0.goals.steps) }),
                flags: flags[subject.id] ?? [])
        }
    }

    static func water(_ water: WaterDay, on day: LocalDate) -> Components.Schemas.Water {
        .init(date: day.description, ml: water.drankML, cupMl: water.cupML, goalMl: water.goalML)
    }
}
