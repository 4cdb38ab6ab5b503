import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// The pet page's care card: what is due (vaccines, preventives, the vet's follow-up), the last
/// visit and vaccinations, and the feeding calculator with its inputs shown.
enum PetCareHTML {
    static func summary(_ care: PetCare, pet: Pet, format: Formatting, today: LocalDate, canBook: Bool = false) -> HTML {
        var html = HTML.empty
        /// "Book it": an appointment for this pet on the day it is due.
        func book(_ kind: AppointmentKind, _ date: LocalDate, note: String? = nil) -> String? {
            guard canBook else { return nil }
            var query = ["subject": String(pet.id), "kind": kind.rawValue, "date": max(date, today).description]
            if let note { query["note"] = note }
            return QueryLink.make(AppointmentRoutes.new.pattern, query)
        }
        // In date order, whatever kind: the soonest (or most overdue) first.
        var dated: [(date: LocalDate, html: HTML)] = care.vaccines.map {
            (
                $0.date,
                format.dueItem(
                    label: format.dueLabel(.vaccine(code: $0.code, name: $0.name, step: $0.step)), date: $0.date, status: $0.status,
                    approximate: $0.approximate,
                    book: book(.vaccination, $0.date, note: format.vaccine($0.code, $0.name)))
            )
        }
        dated += care.preventives.map {
            ($0.date, format.dueItem(label: format.dueLabel(.preventive($0.kind, product: $0.product)), date: $0.date, status: $0.status))
        }
        if let followUp = care.followUp {
            dated.append(
                (
                    followUp.date,
                    format.dueItem(
                        label: format.dueLabel(.followUp(reason: followUp.reason)), date: followUp.date, status: followUp.status,
                        book: book(.vet, followUp.date, note: followUp.reason))
                ))
        }
        let due = dated.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element.html)
        if care.noCoreVaccines {
            html += #"<p class="meta no-vaccines">\#(format.t("care.no_core_vaccines", ["species": format.species(pet.profile)]))</p>"#
        }
        // No vaccination recorded: the plan does not know what was given before it came home
        // (`VaccinationPlan.due`), so the card asks rather than calls it overdue.
        if care.lastVaccinations.isEmpty && !care.noCoreVaccines {
            let record: HTML =
                canBook ? #" <a href="\#(PetRoutes.newRecord(pet.id))?kind=vaccination">\#(format.t("care.vaccine_history_record"))</a>"# : .empty
            html += #"<p class="vaccine-history">\#(format.t("care.vaccine_history"))\#(record)</p>"#
        }
        if due.isEmpty {
            html += #"<p class="meta">\#(format.t("care.nothing_due"))</p>"#
        } else {
            html += #"<ul class="due-list">\#(due.joined())</ul>"#
        }
        if let visit = care.lastVisit, case .vetVisit(let details) = visit.details {
            let parts = [format.dayHeading(visit.localDate), details.reason, details.clinic?.name, details.diagnosis].compactMap { $0 }
            html += #"<p class="last-visit"><strong>\#(format.t("care.last_visit"))</strong> \#(parts.joined(separator: " · "))</p>"#
        }
        if !care.lastVaccinations.isEmpty {
            let items = care.lastVaccinations.prefix(8).map { dose -> HTML in
                "<li>\(format.vaccine(dose.code, dose.name)) <span class=\"meta\">\(format.dayHeading(dose.date))</span></li>"
            }
            html += #"<h3>\#(format.t("care.last_vaccinations"))</h3><ul class="plain">\#(items.joined())</ul>"#
        }
        return html
    }

    /// The calculator's inputs (stage, ideal weight, meals a day, food) in a `<details>`.
    /// Written in Swift: as a Mustache loop its options were a visible part of the pet page.
    static func feedingForm(_ settings: FeedingSettings, pet: Pet, foods: [Food], csrf: String, format: Formatting) -> HTML {
        let unit = pet.profile.weightUnit
        let stages = OptionView.html(
            FeedingStage.allCases.map {
                OptionView(value: $0.rawValue, label: format.t("care.feeding.choice.\($0.rawValue)"), selected: settings.stage == $0)
            })
        let choices = OptionView.html(
            [OptionView(value: "", label: format.t("care.feeding.no_food"), selected: settings.foodID == nil)]
                + foods.filter { $0.kcalPer100g != nil && $0.kind == .food }.map {
                    OptionView(value: String($0.id), label: $0.name, selected: settings.foodID == $0.id)
                })
        let target = settings.targetGrams.map { format.number($0 / unit.gramsPerUnit, decimals: 2).replacingOccurrences(of: ",", with: "") } ?? ""
        var html: HTML = #"<details><summary>\#(format.t("care.feeding.change"))</summary><form method="post" action="\#(CareRoutes.feeding(pet.id))">"#
        html += #"<input type="hidden" name="_csrf" value="\#(csrf)">"#
        html += #"<label for="stage">\#(format.t("care.feeding.stage_label"))</label><select id="stage" name="stage">\#(stages)</select>"#
        html +=
            #"<div class="row"><div><label for="target">\#(format.t("care.feeding.target")) (\#(unit.rawValue))</label><input id="target" name="target" inputmode="decimal" value="\#(target)"></div>"#
        html +=
            #"<div><label for="meals">\#(format.t("care.feeding.meals"))</label><input id="meals" name="meals" inputmode="numeric" value="\#(settings.mealsPerDay)"></div></div>"#
        html += #"<label for="feeding_food">\#(format.t("care.feeding.food"))</label><select id="feeding_food" name="food_id">\#(choices)</select>"#
        return html + #"<button type="submit">\#(format.t("form.save"))</button></form></details>"#
    }

    /// The calculator's result with its workings, or why there is none.
    static func feeding(_ care: PetCare, pet: Pet, format: Formatting, today: LocalDate) -> HTML {
        let profile = pet.profile
        guard profile.species == .dog || profile.species == .cat else {
            return #"<p class="meta">\#(format.t("care.feeding.no_formula", ["species": format.species(profile)]))</p>"#
        }
        guard
            let plan = FeedingPlan.make(
                species: profile.species, birthDate: profile.birthDate, neutered: profile.neutered, stage: care.feeding.stage,
                weightKg: care.latestWeightGrams.map { $0 / 1000 }, targetKg: care.feeding.targetGrams.map { $0 / 1000 }, today: today)
        else {
            return #"<p class="meta">\#(format.t("care.feeding.no_weight"))</p>"#
        }
        func kcal(_ range: ClosedRange<Double>) -> String {
            range.lowerBound == range.upperBound
                ? format.number(range.lowerBound, decimals: 0)
                : "\(format.number(range.lowerBound, decimals: 0))–\(format.number(range.upperBound, decimals: 0))"
        }
        let factor =
            plan.factor.lowerBound == plan.factor.upperBound
            ? format.number(plan.factor.lowerBound, decimals: 1)
            : "\(format.number(plan.factor.lowerBound, decimals: 1))–\(format.number(plan.factor.upperBound, decimals: 1))"
        let workings = format.t(
            "care.feeding.workings",
            [
                "kg": format.number(plan.kilograms, decimals: 2), "rer": format.number(plan.restingKcal, decimals: 0),
                "factor": factor, "stage": format.t("care.feeding.stage.\(plan.stage.rawValue)"), "kcal": kcal(plan.dailyKcal),
            ])
        var html: HTML = #"<p class="workings">\#(workings)</p>"#
        if let food = care.feedingFood, let density = food.kcalPer100g, density > 0 {
            let grams = plan.gramsPerDay(kcalPer100g: density)
            let meals = Double(max(care.feeding.mealsPerDay, 1))
            let portion = format.t(
                "care.feeding.portion",
                [
                    "grams": kcal(grams), "meal": kcal((grams.lowerBound / meals)...(grams.upperBound / meals)), "meals": String(care.feeding.mealsPerDay),
                ])
            html +=
                #"<p class="portion"><strong>\#(portion)</strong> <span class="meta">\#(food.name), \#(format.number(density, decimals: 0)) kcal/100 g</span></p>"#
        } else {
            html += #"<p class="meta">\#(format.t("care.feeding.pick_food"))</p>"#
        }
        let eaten = care.todayKcal
        let overTreats = eaten.treats > plan.treatKcal
        html += #"<p class="today-kcal">\#(format.t("care.feeding.today", ["eaten": format.number(eaten.all, decimals: 0), "kcal": kcal(plan.dailyKcal)]))"#
        let treats = format.t(
            overTreats ? "care.feeding.treats_over" : "care.feeding.treats_within",
            ["treats": format.number(eaten.treats, decimals: 0), "limit": format.number(plan.treatKcal, decimals: 0)])
        html += #" · <span class="\#(overTreats ? "over" : "within")">\#(treats)</span></p>"#
        return html
    }
}
