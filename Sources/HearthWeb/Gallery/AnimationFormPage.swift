import Foundation
import HearthCore
import HearthImaging
import HearthStore
import Hummingbird

/// `/gallery/animations/new`: the picked photos, their order, and how to animate them.
struct AnimationFormPage: Page {
    static let template = "gallery/animation-form"
    struct Pick { let place, thumbnail, alt, order: String }
    let photos: [Pick]
    let list: String
    let sides: [OptionView]
    let fields: FormFields
    let problems: FormProblems
    let loop: Bool
    let subject: String
    let canMake: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "photos": photos.map { ["place": $0.place, "thumbnail": $0.thumbnail, "alt": $0.alt, "order": $0.order] }
        case "list": list
        case "sides": sides
        case "fields": fields
        case "loop": loop
        case "subject": subject
        case "canMake": canMake
        default: problems.child(named: name)
        }
    }
}
