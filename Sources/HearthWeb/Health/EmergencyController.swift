import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/emergency` and the pets' health cards: what a member needs at night with a sick animal.
struct EmergencyController {
    let renderer: Renderer
    let clinics: ClinicRepository
    let care: CareRepository
    let pets: PetRepository
    let foods: FoodRepository

    /// How many of the register's unconfirmed "24" clinics the page shows (the nearest).
    static let guesses = 10

    /// What can be rung now, at any hour: the clinics open now (favourites first, then those
    /// open day and night); then those with "24" in their name from the public register, which
    /// nobody has confirmed (call first); then the favourites that are closed, with when they open.
    /// When the household has said where home is, each card says how far, and what is open
    /// within 5 km comes first, day-and-night ones before the rest (as the cat diary did), with
    /// a plain sentence when no 24-hour clinic is that near.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let now = context.now
        let home = try clinics.home()
        let found = try clinics.emergency(near: home.flatMap(KoreanGrid.register.grid(of:)), limit: Self.guesses)
        let (anyClinic, anyPlaced) = (found.any, found.anyPlaced)
        let all = found.known + found.maybe
        let distances = ClinicDistances.kilometres(all, from: home)
        let km = { (clinic: Clinic) in distances[clinic.id] }
        let near = { (clinic: Clinic) in km(clinic).map { $0 <= ClinicDistances.nearKilometres } ?? false }
        let isOpen = { (clinic: Clinic) in clinic.input.open24Hours || clinic.input.hours.isOpen(at: now, in: context.timeZone) }
        // Home known: near first, then open all night before open by their hours (which may
        // close soon), then favourites, then nearest. Not known: favourites first, then all night.
        let rank = { (clinic: Clinic) in
            home == nil
                ? (0, clinic.input.favourite ? 0 : 1, clinic.input.open24Hours ? 0 : 1, 0)
                : (near(clinic) ? 0 : 1, clinic.input.open24Hours ? 0 : 1, clinic.input.favourite ? 0 : 1, km(clinic) ?? .infinity)
        }
        let open = all.filter(isOpen).sorted { rank($0) < rank($1) }
        // The register's guesses: the nearest few read (the rest counted), with the household's own among them.
        let candidates = all.filter { !isOpen($0) && $0.maybe24Hours }.sorted { (km($0) ?? .infinity) < (km($1) ?? .infinity) }
        let candidateCount = candidates.count - found.maybe.count + found.maybeCount
        let closedFavourites = all.filter { !isOpen($0) && !$0.maybe24Hours && $0.input.favourite }
        var html = HTML.empty
        if home != nil && anyClinic && !anyPlaced {
            // No clinic has a place (none from the register): no distance to say anything about.
            html += #"<p class="hint">\#(format.t("care.emergency.no_places"))</p>"#
        } else if home != nil && anyClinic {
            let dayAndNight = all.filter { $0.input.open24Hours || $0.maybe24Hours }
            if !dayAndNight.contains(where: near) {
                html += #"<p class="notice warning" role="status">\#(format.t("care.emergency.no_24_within"))"#
                if let (nearest, kilometres) = dayAndNight.compactMap({ clinic in km(clinic).map { (clinic, $0) } }).min(by: { $0.1 < $1.1 }) {
                    html += " \(format.t("care.emergency.nearest_24", ["name": nearest.name, "km": ClinicDistances.label(kilometres, format: format)]))"
                }
                html += "</p>"
            }
        } else if anyPlaced {
            html += #"<p class="hint"><a href="\#(ClinicRoutes.list.pattern)#home">\#(format.t("care.emergency.set_home"))</a></p>"#
        }
        for (heading, group, count, limit) in [
            ("care.emergency.open_now", open, open.count, Int.max), ("care.emergency.maybe_24", candidates, candidateCount, Self.guesses),
            ("care.emergency.closed_favourites", closedFavourites, closedFavourites.count, Int.max),
        ]
        where !group.isEmpty {
            html += #"<h2 class="emergency-group">\#(format.t(heading))</h2>"#
            for clinic in group.prefix(limit) { html += ClinicCardHTML.card(clinic, now: now, format: format, big: true, kilometres: km(clinic)) }
            if count > limit {
                html += #"<p><a href="\#(ClinicRoutes.list.pattern)">\#(format.t("care.emergency.more", ["count": String(count - limit)]))</a></p>"#
            }
        }
        let petLinks = try await pets.pets(access: context.access).map { EmergencyPage.PetLink(name: $0.profile.name, card: ClinicRoutes.petCard($0.id)) }
        let page = EmergencyPage(clinics: html, hasClinics: !(open.isEmpty && candidates.isEmpty && closedFavourites.isEmpty), pets: petLinks)
        return renderer.page(page, titleKey: "care.emergency.title", request: request, context: context)
    }

    @Sendable func card(_ request: Request, context: PetCareContext) async throws -> Response {
        let (pet, care, context) = (context.pet, context.care, context.app)
        let today = context.today
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let profile = pet.profile
        var facts: [FactView] = []
        facts.add(format.t("pets.profile.field.species"), [format.species(profile), profile.breed].compactMap { $0 }.joined(separator: " · "))
        facts.add(format.t("pets.profile.field.sex"), profile.sex == .unknown ? nil : format.t("sex.\(profile.sex.rawValue)"))
        facts.add(
            format.t("pets.profile.field.birth_date"),
            profile.birthDate.map { format.dayHeading($0) + (format.age(profile, today: today).map { " (\($0))" } ?? "") })
        facts.add(format.t("pets.profile.field.neutered"), profile.neutered.map { format.t($0 ? "answer.yes" : "answer.no") })
        facts.add(format.t("care.card.weight"), care.latestWeightGrams.map { format.weight(grams: $0, unit: profile.weightUnit) })
        facts.add(format.t("pets.profile.field.microchip"), profile.microchip)
        facts.add(format.t("pets.profile.field.markings"), profile.markings)
        let preferences = try await foods.foods(for: pet.id)
        func names(_ preference: FoodPreference) -> String? {
            let list = preferences.filter { $0.preference == preference }.map(\.food.name)
            return list.isEmpty ? nil : list.joined(separator: ", ")
        }
        var medicines: String?
        if let visit = care.lastVisit, case .vetVisit(let details) = visit.details, let prescribed = details.medicines {
            medicines = "\(prescribed) (\(format.t("care.card.prescribed", ["date": format.dayHeading(visit.localDate)])))"
        }
        let vaccinations = care.lastVaccinations.map { dose -> HTML in
            "<tr><td>\(format.vaccine(dose.code, dose.name))</td><td>\(format.dayHeading(dose.date))</td></tr>"
        }.joined()
        var due = HTML.empty
        for vaccine in care.vaccines.sorted(by: { $0.date < $1.date }) where vaccine.status != .later {
            due += format.dueItem(
                label: format.dueLabel(.vaccine(code: vaccine.code, name: vaccine.name, step: vaccine.step)), date: vaccine.date, status: vaccine.status,
                approximate: vaccine.approximate)
        }
        let favourite = try clinics.favourite()
        let clinicLine: HTML =
            favourite.map { clinic in
                "\(clinic.name)" + (clinic.input.phone.map { " · \($0)" } ?? "") + (clinic.input.address.map { " · \($0)" } ?? "")
            }.map { "<p><strong>\(format.t("care.card.clinic"))</strong> \($0)</p>" } ?? .empty
        let page = HealthCardPage(
            name: profile.name, photo: pet.photoSHA.map(PhotoURL.thumbnail), facts: facts, allergies: names(.allergic), dislikes: names(.dislikes),
            medicines: medicines, vaccinations: vaccinations, due: due, clinic: clinicLine)
        return renderer.page(
            page, titleKey: "care.card.title", titleText: format.t("care.card.title_for", ["name": profile.name]), request: request, context: context)
    }
}
