import Foundation
import HearthCore
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
        switch PushSubscription.validate(input, plainHTTP: localAllowed) {
        case .invalid(let errors):
            throw PageError(errors) ?? PageError(status: .unprocessableContent, messageKey: "push.device.error.keys")
        case .valid(let subscription):
            if !localAllowed, await !PushAddress.isPushService(subscription.endpoint) {
                throw PageError(status: .unprocessableContent, messageKey: "push.device.error.local")
            }
            do {
                try await devices.add(accountID: member.accountID, subscription, now: now())
            } catch StoreError.full(let most) {
                throw PageError(status: .unprocessableContent, messageKey: "push.device.error.too_many", values: ["most": String(most)])
            }
            return .redirect(to: HouseholdRoutes.me.pattern + "?done=device#devices", type: .normal)
        }
    }

    @Sendable func remove(_ request: Request, context: PushDeviceContext) async throws -> Response {
        let member = try context.app.requireMember()
        guard try await devices.remove(id: context.device.id, accountID: member.accountID) else { throw PageError.notFound }
        return .redirect(to: HouseholdRoutes.me.pattern + "?done=device_removed#devices", type: .normal)
    }
}
