import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// `/me`'s part about this member's browsers: each with when it was added and "remove", and the
/// button that turns notifications on in this one (shown by the script where the browser can).
enum PushDevicesHTML {
    static func render(_ devices: [PushDevice], csrf: String, now: Date, format: Formatting) -> HTML {
        var html: HTML = #"<h2 id="devices">\#(format.t("push.device.title"))</h2><p class="hint">\#(format.t("push.device.hint"))</p>"#
        if devices.isEmpty {
            html += #"<p>\#(format.t("push.device.none"))</p>"#
        } else {
            html += #"<ul class="devices">"#
            for device in devices {
                let label = device.label.isEmpty ? format.t("push.device.unnamed") : device.label
                html +=
                    #"<li><span>\#(label)</span> <span class="meta">\#(format.t("push.device.added", ["when": format.moment(device.createdAt)]))</span>\#(state(device, now: now, format: format)) <form method="post" action="\#(ReminderRoutes.removeDevice(device.id))" class="inline"><input type="hidden" name="_csrf" value="\#(csrf)"><button type="submit">\#(format.t("push.device.remove"))</button></form></li>"#
            }
            html += "</ul>"
        }
        html +=
            #"<form method="post" action="\#(ReminderRoutes.devices.pattern)" class="push-on" hidden data-key="\#(ReminderRoutes.deviceKey.pattern)" data-denied="\#(format.t("push.device.denied"))"><input type="hidden" name="_csrf" value="\#(csrf)"><input type="hidden" name="endpoint"><input type="hidden" name="p256dh"><input type="hidden" name="auth"><input type="hidden" name="label"><button type="submit" class="primary">\#(format.t("push.device.turn_on"))</button></form>"#
        return html
    }

    /// What the device is doing: waiting out its push service's pause (429), not answering since
    /// its first miss, or taking messages (when it last took one); nothing before its first.
    static func state(_ device: PushDevice, now: Date, format: Formatting) -> HTML {
        if let until = device.backoffUntil, until > now {
            return #" <span class="meta">\#(format.t("push.device.waiting", ["time": format.clock(until)]))</span>"#
        }
        if let since = device.failingSince {
            return #" <span class="field-error">\#(format.t("push.device.not_answering", ["when": format.moment(since)]))</span>"#
        }
        return device.deliveredAt.map { #" <span class="meta">\#(format.t("push.device.working", ["when": format.moment($0)]))</span>"# } ?? ""
    }
}
