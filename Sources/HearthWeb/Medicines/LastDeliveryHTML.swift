import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// The owner's "last sent": the newest reminder, for whom, and what each of its targets said, in
/// the reader's words ("엄마의 기기 Android · Chrome: 받았어요"; "웹훅: 받지 않았어요(HTTP 500)…").
/// One problem in English for the whole reminder once said a 429 though every other target took it.
enum LastDeliveryHTML {
    static func render(_ last: LastDelivery, household ntfy: String?, format: Formatting) -> HTML {
        guard !last.said.isEmpty else {
            // Written before targets were told apart, or dropped because its dose was marked meanwhile.
            let text =
                last.delivered
                ? format.t("push.last_ok", ["when": format.moment(last.at), "message": last.message])
                : format.t("push.last_failed", ["message": last.message, "error": last.error ?? ""])
            return "<p>\(text)</p>"
        }
        var html: HTML = "<p>\(format.t("push.last_sent", ["when": format.moment(last.at), "member": last.member, "message": last.message]))</p>"
        html += #"<ul class="said">"#
        for said in last.said {
            html += "<li>\(target(said, member: last.member, household: ntfy, format: format)): \(answer(said, format: format))</li>"
        }
        return html + "</ul>"
    }

    static func target(_ said: TargetSaid, member: String, household ntfy: String?, format: Formatting) -> String {
        if said.deviceID != nil {
            let label = said.label.isEmpty ? format.t("push.device.unnamed") : said.label
            return format.t("push.said.device", ["member": member, "label": label])
        }
        if said.target.hasPrefix("ntfy ") {
            return String(said.target.dropFirst(5)) == ntfy ? format.t("push.said.ntfy_household") : format.t("push.said.ntfy_own", ["member": member])
        }
        return said.target == "webhook" ? format.t("push.said.webhook") : format.t("push.said.member", ["member": member])
    }

    static func answer(_ said: TargetSaid, format: Formatting) -> String {
        let time = said.until.map(format.clock) ?? ""
        switch said.answer {
        case .took, .gone, .noAnswer: return format.t("push.said.\(said.answer.rawValue)")
        case .slowDown, .waiting: return format.t("push.said.\(said.answer.rawValue)", ["time": time])
        case .refused, .redirected: return format.t("push.said.\(said.answer.rawValue)", ["detail": said.detail])
        case .notSent: return format.t(said.detail == "local" ? "push.said.local" : "push.said.off")
        }
    }
}
