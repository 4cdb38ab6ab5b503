import Foundation
import HearthCore
import HearthImaging
import HearthStore
import Hummingbird

/// `/gallery/animations/{job}`: progress, then the GIF with download and save.
struct AnimationPage: Page {
    static let template = "gallery/animation"
    var status: String
    var making: Bool
    var file: String?
    var figures: String?
    var subjects: [OptionView]
    let saveAction: String
    var failed: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "status": status
        case "making": making
        case "file": file ?? false
        case "figures": figures ?? false
        case "subjects": subjects
        case "saveAction": saveAction
        case "failed": failed
        default: nil
        }
    }
}
