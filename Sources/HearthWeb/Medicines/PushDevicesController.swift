import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/me/devices`: a member's browsers that take Web Push. The page's script asks the browser
/// for permission only after the member's tap, subscribes with the household's VAPID key
/// (`GET /me/devices/key`) and posts the subscription here; a member removes any of theirs.
struct PushDevicesController {
    let devices: PushDeviceRepository
    /// Tests only (`HearthConfiguration.pushServicesMayBeLocal`).
    let localAllowed: Bool
    let now: @Sendable () -> Date

    /// The household's VAPID public key, made the first time it is asked for.
    @Sendable func key(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireMember()
        let vapid = VAPID(key: try await devices.vapidKey(), subject: "mailto:hearth@localhost")
        return Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "private, no-store"],
            body: .init(byteBuffer: ByteBuffer(string: vapid.publicKey)))
    }

    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        switch PushSubscription.validate(input) {
        case .invalid(let errors):
            throw PageError(errors) ?? PageError(status: .unprocessableContent, messageKey: "push.device.error.keys")
        case .valid(let subscription):
            if !localAllowed, await !PushAddress.isPushService(subscription.endpoint) {
                throw PageError(status: .unprocessableContent, messageKey: "push.device.error.local")
            }
            try await devices.add(accountID: member.accountID, subscription, now: now())
            return .redirect(to: HouseholdRoutes.me.pattern + "?done=device#devices", type: .normal)
        }
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let id = try context.parameters.require("id", as: Int64.self)
        guard try await devices.remove(id: id, accountID: member.accountID) else { throw PageError.notFound }
        return .redirect(to: HouseholdRoutes.me.pattern + "?done=device_removed#devices", type: .normal)
    }
}

/// `/me`'s part about this member's browsers: each with when it was added and "remove", and the
/// button that turns notifications on in this one (shown by the script where the browser can).
enum PushDevicesHTML {
    static func render(_ devices: [PushDevice], csrf: String, format: Formatting) -> HTML {
        var html: HTML = #"<h2 id="devices">\#(format.t("push.device.title"))</h2><p class="hint">\#(format.t("push.device.hint"))</p>"#
        if devices.isEmpty {
            html += #"<p>\#(format.t("push.device.none"))</p>"#
        } else {
            html += #"<ul class="devices">"#
            for device in devices {
                let label = device.label.isEmpty ? format.t("push.device.unnamed") : device.label
                html +=
                    #"<li><span>\#(label)</span> <span class="meta">\#(format.t("push.device.added", ["when": format.moment(device.createdAt)]))</span> <form method="post" action="\#(ReminderRoutes.removeDevice(device.id))" class="inline"><input type="hidden" name="_csrf" value="\#(csrf)"><button type="submit">\#(format.t("push.device.remove"))</button></form></li>"#
            }
            html += "</ul>"
        }
        html +=
            #"<form method="post" action="\#(ReminderRoutes.devices.pattern)" class="push-on" hidden data-key="\#(ReminderRoutes.deviceKey.pattern)" data-denied="\#(format.t("push.device.denied"))"><input type="hidden" name="_csrf" value="\#(csrf)"><input type="hidden" name="endpoint"><input type="hidden" name="p256dh"><input type="hidden" name="auth"><input type="hidden" name="label"><button type="submit" class="primary">\#(format.t("push.device.turn_on"))</button></form>"#
        return html
    }
}
