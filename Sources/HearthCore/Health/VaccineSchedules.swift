/// The vaccination schedules Hearth knows, one species at a time: the data behind "what is
/// due". Every line names its source. Ages are in weeks, intervals of boosters in months.
/// The household may change a booster interval (local law on rabies differs) and add its
/// own vaccines; those live in the database and are laid over this table.
///
/// How a line is read (`VaccinationPlan` does the arithmetic):
/// - a young animal gets its first dose at `firstAgeWeeks`, then one every `seriesEveryWeeks`
///   until a dose is given at `seriesUntilWeeks` or older: that dose ends the starting series;
/// - an animal first vaccinated older than that (an adult adopted with no history) gets the
///   adult starting series instead: `adultStartDoses` doses, `seriesEveryWeeks` apart;
/// - `firstBoosterMonths` after the starting series comes the first booster,
/// - and then one every `boosterMonths`.
public enum VaccineSchedules {
    public static func vaccines(for species: Species) -> [VaccineSchedule] {
        all.filter { $0.species == species }
    }

    public static func vaccine(code: String) -> VaccineSchedule? { all.first { $0.code == code } }

    /// Species for which no vaccine is routinely given: the page says so plainly rather
    /// than showing an empty list.
    public static func hasNoCoreVaccines(_ species: Species) -> Bool {
        !all.contains { $0.species == species && $0.core }
    }

    static let aahaCanine2022 = "AAHA 2022 Canine Vaccination Guidelines (Ellis et al., JAAHA 58:5)"
    static let wsava2024 = "WSAVA 2024 Guidelines for the Vaccination of Dogs and Cats (Squires et al., JSAP 65)"
    static let aahaFeline2020 = "2020 AAHA/AAFP Feline Vaccination Guidelines (Stone et al., JFMS 22)"

    public static let all: [VaccineSchedule] = [
        // Dogs
        VaccineSchedule(
            code: "dog.dapp", species: .dog, name: "DAPP (distemper, adenovirus, parvovirus, parainfluenza)", core: true,
            firstAgeWeeks: 6, seriesEveryWeeks: 3, seriesUntilWeeks: 16, adultStartDoses: 2, firstBoosterMonths: 12, boosterMonths: 36,
            source: "\(aahaCanine2022)"),
        VaccineSchedule(
            code: "dog.rabies", species: .dog, name: "Rabies", core: true,
            firstAgeWeeks: 12, seriesEveryWeeks: 0, seriesUntilWeeks: 12, adultStartDoses: 1, firstBoosterMonths: 12, boosterMonths: 36,
            source: "\(aahaCanine2022)"),
        VaccineSchedule(
            code: "dog.lepto", species: .dog, name: "Leptospirosis", core: false,
            firstAgeWeeks: 8, seriesEveryWeeks: 3, seriesUntilWeeks: 12, adultStartDoses: 2, firstBoosterMonths: 12, boosterMonths: 12,
            source: "\(aahaCanine2022)"),
        VaccineSchedule(
            code: "dog.bordetella", species: .dog, name: "Bordetella (kennel cough)", core: false,
            firstAgeWeeks: 8, seriesEveryWeeks: 0, seriesUntilWeeks: 8, adultStartDoses: 1, firstBoosterMonths: 12, boosterMonths: 12,
            source: "\(aahaCanine2022)"),
        VaccineSchedule(
            code: "dog.influenza", species: .dog, name: "Canine influenza (H3N2/H3N8)", core: false,
            firstAgeWeeks: 8, seriesEveryWeeks: 3, seriesUntilWeeks: 11, adultStartDoses: 2, firstBoosterMonths: 12, boosterMonths: 12,
            source: "\(aahaCanine2022)"),
        VaccineSchedule(
            code: "dog.lyme", species: .dog, name: "Lyme (Borrelia)", core: false,
            firstAgeWeeks: 8, seriesEveryWeeks: 3, seriesUntilWeeks: 11, adultStartDoses: 2, firstBoosterMonths: 12, boosterMonths: 12,
            source: "\(aahaCanine2022)"),
        VaccineSchedule(
            code: "dog.coronavirus", species: .dog, name: "Canine coronavirus", core: false,
            firstAgeWeeks: 6, seriesEveryWeeks: 3, seriesUntilWeeks: 12, adultStartDoses: 2, firstBoosterMonths: 12, boosterMonths: 12,
            source: "\(wsava2024)"),

        // Cats
        VaccineSchedule(
            code: "cat.fvrcp", species: .cat, name: "FVRCP (panleukopenia, herpesvirus, calicivirus)", core: true,
            firstAgeWeeks: 6, seriesEveryWeeks: 3, seriesUntilWeeks: 16, adultStartDoses: 2, firstBoosterMonths: 12, boosterMonths: 36,
            source: "\(aahaFeline2020)"),
        VaccineSchedule(
            code: "cat.rabies", species: .cat, name: "Rabies", core: true,
            firstAgeWeeks: 12, seriesEveryWeeks: 0, seriesUntilWeeks: 12, adultStartDoses: 1, firstBoosterMonths: 12, boosterMonths: 12,
            source: "\(aahaFeline2020)"),
        VaccineSchedule(
            code: "cat.felv", species: .cat, name: "FeLV (feline leukaemia)", core: true,
            firstAgeWeeks: 8, seriesEveryWeeks: 3, seriesUntilWeeks: 11, adultStartDoses: 2, firstBoosterMonths: 12, boosterMonths: 24,
            source: "\(aahaFeline2020)"),
        VaccineSchedule(
            code: "cat.chlamydia", species: .cat, name: "Chlamydia felis", core: false,
            firstAgeWeeks: 9, seriesEveryWeeks: 3, seriesUntilWeeks: 12, adultStartDoses: 2, firstBoosterMonths: 12, boosterMonths: 12,
            source: "\(wsava2024)"),

        // Rabbits
        VaccineSchedule(
            code: "rabbit.myxo_rhd", species: .rabbit, name: "Myxomatosis + RHD1/RHD2", core: true,
            firstAgeWeeks: 5, seriesEveryWeeks: 0, seriesUntilWeeks: 5, adultStartDoses: 1, firstBoosterMonths: 12, boosterMonths: 12,
            source: "Nobivac Myxo-RHD PLUS, summary of product characteristics (EMA/V/C/004239)"),
        VaccineSchedule(
            code: "rabbit.rhdv2", species: .rabbit, name: "RHDV2", core: false,
            firstAgeWeeks: 4, seriesEveryWeeks: 3, seriesUntilWeeks: 7, adultStartDoses: 2, firstBoosterMonths: 12, boosterMonths: 12,
            source: "Medgene RHDV2 vaccine label (USDA conditional licence)"),

        // Ferrets
        VaccineSchedule(
            code: "ferret.distemper", species: .ferret, name: "Canine distemper (ferret vaccine)", core: true,
            firstAgeWeeks: 8, seriesEveryWeeks: 3, seriesUntilWeeks: 14, adultStartDoses: 2, firstBoosterMonths: 12, boosterMonths: 12,
            source: "Purevax Ferret Distemper label; AAHA 2022 ferret notes"),
        VaccineSchedule(
            code: "ferret.rabies", species: .ferret, name: "Rabies", core: true,
            firstAgeWeeks: 12, seriesEveryWeeks: 0, seriesUntilWeeks: 12, adultStartDoses: 1, firstBoosterMonths: 12, boosterMonths: 12,
            source: "Imrab 3 label (ferrets)"),
        // Hamsters, guinea pigs, hedgehogs, reptiles, birds and fish: no vaccine is licensed or
        // routinely recommended for pet animals of these kinds (WSAVA 2024 covers dogs and cats
        // only; exotic-animal texts recommend none), so they have no lines here.
    ]
}

/// One vaccine's schedule for one species.
public struct VaccineSchedule: Sendable, Equatable {
    /// `dog.rabies`; a household's own vaccine is `own.<id>`.
    public let code: String
    public let species: Species
    public let name: String
    /// Core vaccines are due for every animal of the species; others once one has been given.
    public let core: Bool
    public let firstAgeWeeks: Int
    /// Weeks between doses of a starting series; 0 when it is one dose.
    public let seriesEveryWeeks: Int
    public let seriesUntilWeeks: Int
    public let adultStartDoses: Int
    public let firstBoosterMonths: Int
    public var boosterMonths: Int
    public let source: String

    public init(
        code: String, species: Species, name: String, core: Bool, firstAgeWeeks: Int, seriesEveryWeeks: Int, seriesUntilWeeks: Int,
        adultStartDoses: Int, firstBoosterMonths: Int, boosterMonths: Int, source: String
    ) {
        self.code = code
        self.species = species
        self.name = name
        self.core = core
        self.firstAgeWeeks = firstAgeWeeks
        self.seriesEveryWeeks = seriesEveryWeeks
        self.seriesUntilWeeks = seriesUntilWeeks
        self.adultStartDoses = adultStartDoses
        self.firstBoosterMonths = firstBoosterMonths
        self.boosterMonths = boosterMonths
        self.source = source
    }

    /// A household's own vaccine: one dose, then a booster every `boosterMonths`.
    public static func own(id: Int64, species: Species, name: String, boosterMonths: Int) -> VaccineSchedule {
        VaccineSchedule(
            code: "own.\(id)", species: species, name: name, core: false, firstAgeWeeks: 8, seriesEveryWeeks: 0, seriesUntilWeeks: 8,
            adultStartDoses: 1, firstBoosterMonths: boosterMonths, boosterMonths: boosterMonths, source: "household")
    }
}
