import Foundation
import GRDB
import HearthCore

/// How a pet's food is worked out: its stage, ideal weight, meals a day and the food.
public struct FeedingSettings: Sendable, Equatable {
    public var stage: FeedingStage
    public var targetGrams: Double?
    public var mealsPerDay: Int
    public var foodID: Int64?

    public init(stage: FeedingStage = .automatic, targetGrams: Double? = nil, mealsPerDay: Int = 2, foodID: Int64? = nil) {
        (self.stage, self.targetGrams, self.mealsPerDay, self.foodID) = (stage, targetGrams, mealsPerDay, foodID)
    }
}

/// What a pet's care looks like today: vaccines and preventives due, the last visit and its
/// follow-up, and what it has eaten against its energy.
public struct PetCare: Sendable {
    public let vaccines: [DueVaccine]
    public let preventives: [DuePreventive]
    /// The species has no routine vaccines (a hamster, a fish).
    public let noCoreVaccines: Bool
    /// The latest dose of each vaccine it has had, newest first.
    public let lastVaccinations: [GivenDose]
    public let lastVisit: StoredEntry?
    /// The follow-up asked for at the latest visit that asked for one, unless a visit came after it.
    public let followUp: (date: LocalDate, status: DueStatus, reason: String?)?
    public let feeding: FeedingSettings
    public let feedingFood: Food?
    /// kcal of today's meals, and of the snacks and treats among them (counted from meals in
    /// grams of a food with kcal; "ate some" counts half, "refused" nothing).
    public let todayKcal: (all: Double, treats: Double)
    public let latestWeightGrams: Double?
}

/// Something due for one subject: a vaccine, a preventive or a vet's follow-up.
public struct CareDue: Sendable, Equatable {
    public enum What: Sendable, Equatable {
        case vaccine(code: String?, name: String, step: DueStep)
        case preventive(PreventiveKind, product: String?)
        case followUp(reason: String?)
    }

    public let subjectID: Int64
    public let subjectName: String
    public let what: What
    public let date: LocalDate
    public let status: DueStatus
    public let approximate: Bool
}

public struct CareRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    // MARK: - Schedules

    /// A species' vaccines as the household keeps them: the table, with the household's
    /// own intervals laid over it, then the household's own vaccines.
    static func schedules(_ species: Species, _ db: Database) throws -> [VaccineSchedule] {
        let intervals = try Dictionary(
            Row.fetchAll(db.cachedStatement(sql: "SELECT code, booster_months FROM vaccine_interval")).map { ($0[0] as String, $0[1] as Int) },
            uniquingKeysWith: { a, _ in a })
        var schedules = VaccineSchedules.vaccines(for: species).map { vaccine in
            var vaccine = vaccine
            if let months = intervals[vaccine.code] { vaccine.boosterMonths = months }
            return vaccine
        }
        for row in try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, name, booster_months FROM own_vaccine WHERE species = ? ORDER BY name"), arguments: [species.rawValue])
        {
            schedules.append(.own(id: row[0], species: species, name: row[1], boosterMonths: row[2]))
        }
        return schedules
    }

    public func schedules(_ species: Species) throws -> [VaccineSchedule] {
        try database.read { db in try Self.schedules(species, db) }
    }

    /// Every species' schedules, for the settings page.
    public func allSchedules() throws -> [Species: [VaccineSchedule]] {
        try database.read { db in
            try Dictionary(uniqueKeysWithValues: Species.allCases.map { ($0, try Self.schedules($0, db)) })
        }
    }

    public func setInterval(code: String, months: Int?) async throws {
        try await database.write { db in
            if let months {
                try db.execute(
                    sql:
                        "INSERT INTO vaccine_interval (code, booster_months) VALUES (?, ?) ON CONFLICT(code) DO UPDATE SET booster_months = excluded.booster_months",
                    arguments: [code, months])
            } else {
                try db.execute(sql: "DELETE FROM vaccine_interval WHERE code = ?", arguments: [code])
            }
        }
    }

    /// Adds a household vaccine; false when the species already has one of that name.
    public func addOwnVaccine(species: Species, name: String, boosterMonths: Int, now: Date = Date()) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO own_vaccine (species, name, booster_months, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [species.rawValue, name, boosterMonths, now])
            return db.changesCount > 0
        }
    }

    // MARK: - One pet

    public func setFeeding(petID: Int64, _ settings: FeedingSettings) async throws {
        try await database.write { db in
            if let food = settings.foodID, try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM food WHERE id = ?"), arguments: [food]) != true {
                throw StoreError.foodNotFound
            }
            try db.execute(
                sql: "UPDATE pet_profile SET feeding_stage = ?, target_weight_grams = ?, meals_per_day = ?, feeding_food_id = ? WHERE subject_id = ?",
                arguments: [settings.stage.rawValue, settings.targetGrams, settings.mealsPerDay, settings.foodID, petID])
        }
    }

    static func history(petID: Int64, _ db: Database) throws -> [GivenDose] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT g.code, g.name, e.local_date, g.next_due FROM entry e JOIN vaccine_given g ON g.entry_id = e.id
                    WHERE e.subject_id = ? AND e.kind = 'vaccination' AND e.deleted_at IS NULL ORDER BY e.occurred_at, g.position
                    """), arguments: [petID]
        ).compactMap { row in
            LocalDate(row[2] as String).map { GivenDose(code: row[0], name: row[1], date: $0, nextDue: (row[3] as String?).flatMap(LocalDate.init)) }
        }
    }

    /// The latest preventive of each kind, and when the next is due.
    /// A meal's energy: grams by the food's kcal per 100 g, pieces by its kcal per piece; half
    /// for "some", none for "refused".
    static let mealKcal = """
        (CASE m.amount_unit WHEN 'g' THEN m.amount * f.kcal_per_100g / 100 WHEN 'pieces' THEN m.amount * f.kcal_per_piece END)
            * CASE m.outcome WHEN 'all' THEN 1 WHEN 'some' THEN 0.5 ELSE 0 END
        """

    static func preventives(petID: Int64, today: LocalDate, _ db: Database) throws -> [DuePreventive] {
        var latest: [PreventiveKind: DuePreventive] = [:]
        // The latest of each kind, chosen in SQL (a bare column beside max() comes from the
        // row with the maximum): ten years of monthly pills decoded in Swift were a tenth of the pet page.
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT p.kind, p.product, p.cycle, p.next_due, e.local_date, max(e.occurred_at) FROM entry e JOIN preventive_entry p ON p.entry_id = e.id
                    WHERE e.subject_id = ? AND e.kind = 'preventive' AND e.deleted_at IS NULL GROUP BY p.kind
                    """), arguments: [petID])
        {
            guard let kind = PreventiveKind(rawValue: row[0]), let given = LocalDate(row[4] as String) else { continue }
            let due = (row[3] as String?).flatMap(LocalDate.init) ?? (PreventiveCycle(code: row[2]) ?? .months(1)).next(after: given)
            latest[kind] = DuePreventive(kind: kind, product: row[1], date: due, status: .of(due, today: today))
        }
        return latest.values.sorted { $0.date < $1.date }
    }

    /// The follow-up still open: asked for at a visit with no visit after it.
    static func followUp(petID: Int64, today: LocalDate, _ db: Database) throws -> (date: LocalDate, status: DueStatus, reason: String?)? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT v.follow_up, v.reason FROM entry e JOIN vet_visit_entry v ON v.entry_id = e.id
                        WHERE e.subject_id = ? AND e.kind = 'vet_visit' AND e.deleted_at IS NULL ORDER BY e.occurred_at DESC, e.id DESC LIMIT 1
                        """), arguments: [petID]), let date = (row[0] as String?).flatMap(LocalDate.init)
        else { return nil }
        return (date, .of(date, today: today), row[1])
    }

    /// When the pet joined the household: its adoption date, else the day it was added to
    /// Hearth. An adult with no history starts its series from then, not from puppyhood
    /// ("overdue since 2019" would only say that nobody recorded it).
    static func cameHome(_ pet: Pet, _ db: Database) throws -> LocalDate? {
        if let adopted = pet.profile.adoptionDate { return adopted }
        // GRDB's dates are UTC text: its first ten characters are the day (near enough for this).
        return try String.fetchOne(db.cachedStatement(sql: "SELECT substr(created_at, 1, 10) FROM subject WHERE id = ?"), arguments: [pet.id])
            .flatMap(LocalDate.init)
    }

    /// The pet's vaccination plan from its species' schedules (as the household keeps them).
    static func plan(_ pet: Pet, schedules: [VaccineSchedule], _ db: Database) throws -> VaccinationPlan {
        VaccinationPlan(
            schedules: schedules, birthDate: pet.profile.birthDate, birthDateEstimated: pet.profile.birthDateEstimated, adoptionDate: try cameHome(pet, db))
    }

    /// The latest visit's follow-up, when it asked for one.
    static func followUp(_ visit: StoredEntry?, today: LocalDate) -> (date: LocalDate, status: DueStatus, reason: String?)? {
        guard let visit, case .vetVisit(let details) = visit.details, let date = details.followUp else { return nil }
        return (date, .of(date, today: today), details.reason)
    }

    static func care(_ pet: Pet, today: LocalDate, _ db: Database) throws -> PetCare {
        let history = try history(petID: pet.id, db)
        let plan = try plan(pet, schedules: try schedules(pet.profile.species, db), db)
        var latestDose: [String: GivenDose] = [:]
        for dose in history { latestDose[dose.code ?? dose.name.lowercased()] = dose }
        let lastVisit = try EntryRepository.fetch(
            db, where: "e.subject_id = ? AND e.kind = 'vet_visit' AND e.deleted_at IS NULL", arguments: [pet.id], limit: 1
        ).first
        let feedingRow = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT feeding_stage, target_weight_grams, meals_per_day, feeding_food_id FROM pet_profile WHERE subject_id = ?"),
            arguments: [pet.id])
        let feeding = FeedingSettings(
            stage: (feedingRow?[0] as String?).flatMap(FeedingStage.init) ?? .automatic, targetGrams: feedingRow?[1],
            mealsPerDay: feedingRow?[2] ?? 2, foodID: feedingRow?[3])
        let food = try feeding.foodID.flatMap { try FoodRepository.food(id: $0, db) }
        let kcal = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT total(\(Self.mealKcal)), total(CASE WHEN f.kind != 'food' THEN \(Self.mealKcal) END)
                    FROM entry e JOIN meal_entry m ON m.entry_id = e.id JOIN food f ON f.id = m.food_id
                    WHERE e.subject_id = ? AND e.local_date = ? AND e.kind = 'meal' AND e.deleted_at IS NULL
                    """), arguments: [pet.id, today.description])
        let weight = try EntryRepository.latestWeightGrams(subjectID: pet.id, db)
        return PetCare(
            vaccines: plan.due(history: history, today: today), preventives: try preventives(petID: pet.id, today: today, db),
            noCoreVaccines: VaccineSchedules.hasNoCoreVaccines(pet.profile.species),
            lastVaccinations: latestDose.values.sorted { ($0.date, $1.name) > ($1.date, $0.name) }, lastVisit: lastVisit,
            followUp: followUp(lastVisit, today: today), feeding: feeding, feedingFood: food,
            todayKcal: (kcal?[0] ?? 0, kcal?[1] ?? 0), latestWeightGrams: weight)
    }

    public func care(petID: Int64, access: SubjectAccess, today: LocalDate) throws -> (pet: Pet, care: PetCare)? {
        try database.read { db in
            guard let pet = try PetRepository.pet(id: petID, access: access, db) else { return nil }
            return (pet, try Self.care(pet, today: today, db))
        }
    }

    // MARK: - The household

    /// Everything due for the pets a member may see, soonest first: the home page and the
    /// calendar read it within their own snapshot and keep the days they show.
    /// Worked out once a day for the whole household for as long as nothing is written, then
    /// kept to the member's pets.
    public static func due(access: SubjectAccess, today: LocalDate, in snapshot: Snapshot) throws -> [CareDue] {
        let household = try snapshot.database.dueCache.value(today, generation: snapshot.generation) { try due(access: .everyone, today: today, snapshot.db) }
        return access == .everyone ? household : household.filter { access.allows($0.subjectID) }
    }

    static func due(access: SubjectAccess, today: LocalDate, _ db: Database) throws -> [CareDue] {
        var items: [CareDue] = []
        var schedules: [Species: [VaccineSchedule]] = [:]
        for pet in try PetRepository.pets(access: access, db) {
            let species = pet.profile.species
            if schedules[species] == nil { schedules[species] = try Self.schedules(species, db) }
            let plan = try plan(pet, schedules: schedules[species]!, db)
            for vaccine in plan.due(history: try history(petID: pet.id, db), today: today) {
                items.append(
                    CareDue(
                        subjectID: pet.id, subjectName: pet.profile.name, what: .vaccine(code: vaccine.code, name: vaccine.name, step: vaccine.step),
                        date: vaccine.date, status: vaccine.status, approximate: vaccine.approximate))
            }
            for preventive in try preventives(petID: pet.id, today: today, db) {
                items.append(
                    CareDue(
                        subjectID: pet.id, subjectName: pet.profile.name, what: .preventive(preventive.kind, product: preventive.product),
                        date: preventive.date, status: preventive.status, approximate: false))
            }
            if let followUp = try followUp(petID: pet.id, today: today, db) {
                items.append(
                    CareDue(
                        subjectID: pet.id, subjectName: pet.profile.name, what: .followUp(reason: followUp.reason),
                        date: followUp.date, status: followUp.status, approximate: false))
            }
        }
        return items.sorted { ($0.date, $0.subjectName) < ($1.date, $1.subjectName) }
    }
}
