import Mustache

// Mustache finds a struct's fields through Mirror, which costs more than everything else
// on a page put together (profiled: ~45% of a timeline request). Each view model answers
// by name instead, through this switch-per-type conformance.

extension FieldView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "error": error
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

extension LayoutView.NavigationItem: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": href
        case "label": label
        case "current": current
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
        case "age": age
        case "photo": photo
        default: nil
        }
    }
}

extension PetsController.FoodPreferenceView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "name": self.name
        case "label": label
        case "options": options
        case "allergic": allergic
        default: nil
        }
    }
}

extension EntryView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "kind": kind
        case "time": time
        case "title": title
        case "detail": detail
        case "note": note
        case "author": author
        case "photos": photos
        case "hasPhotos": hasPhotos
        case "canRecord": canRecord
        case "actions": actions
        default: nil
        }
    }
}
