import Mustache

// Mustache finds a struct's fields through Mirror, which costs more than everything else
// on a page put together (profiled: ~45% of a timeline request). Each view model answers
// by name instead, through this switch-per-type conformance. An absent optional answers
// `false`, not nil: nil would send Mustache searching every enclosing context for the name.

extension FieldView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "error": error ?? false
        default: nil
        }
    }
}

extension OptionView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "label": label
        case "selected": selected
        default: nil
        }
    }
}

extension LayoutView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "lang": lang
        case "title": title
        case "householdName": householdName
        case "csrf": csrf
        case "member": member
        case "navigation": navigation
        default: nil
        }
    }
}

extension LayoutView.MemberView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "displayName": displayName
        case "roleLabel": roleLabel
        default: nil
        }
    }
}

extension AccountsController.MemberRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "displayName": displayName
        case "username": username
        case "roleLabel": roleLabel
        case "roles": roles
        case "disabled": disabled
        case "isSelf": isSelf
        default: nil
        }
    }
}

extension PetsController.PetCard: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "name": self.name
        case "species": species
        case "age": age ?? false
        case "photo": photo ?? false
        default: nil
        }
    }
}

extension PetsController.ProfileView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "name": self.name
        case "species": species
        case "age": age ?? false
        case "archived": archived
        case "notes": notes ?? false
        case "facts": facts
        case "photo": photo ?? false
        case "thumbnail": thumbnail ?? false
        default: nil
        }
    }
}

extension PetsController.ProfileView.Fact: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        default: nil
        }
    }
}

extension PetsController.LatestWeightView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "date": date
        case "change": change ?? false
        default: nil
        }
    }
}
