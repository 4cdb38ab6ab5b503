import Foundation

/// A pet as the household describes it on its profile.
public struct PetProfile: Sendable, Equatable {
    public var name: String
    public var species: Species
    /// The household's word when the species is `other` ("axolotl").
    public var speciesOther: String?
    public var breed: String?
    public var sex: Sex
    public var birthDate: LocalDate?
    /// The birth date was worked out from "about N years".
    public var birthDateEstimated: Bool
    public var adoptionDate: LocalDate?
    /// nil: not known.
    public var neutered: Bool?
    public var microchip: String?
    public var markings: String?
    public var notes: String?
    public var weightUnit: BodyWeightUnit

    public init(
        name: String, species: Species, speciesOther: String? = nil, breed: String? = nil, sex: Sex = .unknown,
        birthDate: LocalDate? = nil, birthDateEstimated: Bool = false, adoptionDate: LocalDate? = nil, neutered: Bool? = nil,
        microchip: String? = nil, markings: String? = nil, notes: String? = nil, weightUnit: BodyWeightUnit? = nil
    ) {
        self.name = name
        self.species = species
        self.speciesOther = speciesOther
        self.breed = breed
        self.sex = sex
        self.birthDate = birthDate
        self.birthDateEstimated = birthDateEstimated
        self.adoptionDate = adoptionDate
        self.neutered = neutered
        self.microchip = microchip
        self.markings = markings
        self.notes = notes
        self.weightUnit = weightUnit ?? species.defaultWeightUnit
    }

    /// Validates the pet form. `today` is the household's today, for "about N years"
    /// and for refusing dates in the future.
    public static func validate(_ input: [String: String], today: LocalDate) -> Validated<PetProfile> {
        var errors = FieldErrors()
        func text(_ name: String) -> String? { FormInput.text(input, name, errors: &errors) }
        let name = text("name")
        if name == nil { errors.add("name", "pets.error.pet.name_required") }
        let species = Species(rawValue: input["species", default: ""])
        if species == nil { errors.add("species", "pets.error.pet.species_unknown") }
        let speciesOther = text("species_other")
        if species == .other && speciesOther == nil { errors.add("species_other", "pets.error.pet.species_other_required") }
        let sex: Sex = FormInput.choice(input, "sex", default: .unknown, errors: &errors) ?? .unknown

        var birthDate: LocalDate?
        var estimated = false
        let birthText = input["birth_date", default: ""].trimmingCharacters(in: .whitespaces)
        let aboutText = input["age_years", default: ""].trimmingCharacters(in: .whitespaces)
        let ageUnits = ["살", "세", "years", "year"]
        if !birthText.isEmpty {
            birthDate = LocalDate(birthText)
            if birthDate == nil { errors.add("birth_date", "error.date.invalid") } else if birthDate! > today { errors.add("birth_date", "error.date.future") }
        } else if !aboutText.isEmpty {
            if let years = try? TypedNumber.read(aboutText, units: ageUnits).get(), years == years.rounded(), (0...60).contains(years) {
                birthDate = today.minus(years: Int(years))
                estimated = true
            } else {
                errors.add("age_years", "pets.error.pet.age_years")
            }
        }
        var adoptionDate: LocalDate?
        let adoptionText = input["adoption_date", default: ""].trimmingCharacters(in: .whitespaces)
        if !adoptionText.isEmpty {
            adoptionDate = LocalDate(adoptionText)
            if adoptionDate == nil {
                errors.add("adoption_date", "error.date.invalid")
            } else if adoptionDate! > today {
                errors.add("adoption_date", "error.date.future")
            } else if let birthDate, adoptionDate! < birthDate {
                errors.add("adoption_date", "pets.error.pet.adopted_before_born")
            }
        }
        let neutered: Bool? =
            switch input["neutered"] {
            case "yes": true
            case "no": false
            default: nil
            }
        let microchip = text("microchip")
        if let microchip, !microchip.allSatisfy({ $0.isNumber || ($0.isASCII && $0.isLetter) || $0 == " " || $0 == "-" }) {
            errors.add("microchip", "pets.error.pet.microchip")
        }
        let weightUnit: BodyWeightUnit? = FormInput.choice(input, "weight_unit", default: nil, errors: &errors)
        let profile = PetProfile(
            name: name ?? "", species: species ?? .other, speciesOther: species == .other ? speciesOther : nil,
            breed: text("breed"), sex: sex, birthDate: birthDate, birthDateEstimated: estimated,
            adoptionDate: adoptionDate, neutered: neutered, microchip: microchip,
            markings: text("markings"), notes: text("notes"), weightUnit: weightUnit)
        return errors.isEmpty ? .valid(profile) : .invalid(errors)
    }
}

/// How old a pet is, in whole years and months.
public struct Age: Sendable, Equatable {
    public let years: Int
    public let months: Int

    public init(born: LocalDate, on today: LocalDate) {
        var months = (today.year - born.year) * 12 + (today.month - born.month)
        if today.day < born.day { months -= 1 }
        months = max(0, months)
        self.years = months / 12
        self.months = months % 12
    }
}
