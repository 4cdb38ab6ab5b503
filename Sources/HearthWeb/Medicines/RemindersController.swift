import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// Reminders that reach a phone with no cloud of Hearth's own: each member's calendar feed
/// (a secret URL), and the household's push targets (ntfy, a webhook).
struct RemindersController {
    let renderer: Renderer
    let feeds: CalendarFeedRepository
    let reminders: ReminderRepository
    let household: HouseholdState
    /// For the areas' events in the feed (`AreaCards.feed`).
    let database: AppDatabase
    let areas: AreaList
    let now: @Sendable () -> Date

    /// `/feeds/{token}.ics`: the one page without sign-in. The URL is the credential; the
    /// feed holds what its member may see.
    @Sendable func feed(_ request: Request, context: AppRequestContext) async throws -> Response {
        let file = try context.parameters.require("file")
        guard file.hasSuffix(".ics"), let settings = household.settings else { throw PageError.notFound }
        let zone = TimeZone(identifier: settings.timeZone) ?? .current
        let now = now()
        guard let data = try feeds.feed(token: String(file.dropLast(4)), today: LocalDate(now, in: zone)) else { throw PageError.notFound }
        let format = Formatting(strings: renderer.strings, language: settings.language, timeZone: zone)
        let text = try CalendarFeed.ics(data, areas: areas, database: database, zone: zone, now: now, format: format, householdName: settings.name)
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/calendar; charset=utf-8", .cacheControl: "private, max-age=300",
                .contentDisposition: "inline; filename=\"hearth.ics\"",
            ], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The section of `/me` about reminders (`ReminderSettingsHTML`).
    static func section(
        for accountID: Int64, feeds: CalendarFeedRepository, reminders: ReminderRepository, devices: PushDeviceRepository, request: Request,
        context: AppRequestContext, format: Formatting
    ) throws -> HTML {
        let host = request.head.authority ?? "127.0.0.1:8080"
        let feed = try feeds.existingToken(accountID: accountID).map { token in
            (plain: "\(context.isSecure ? "https" : "http")://\(host)/feeds/\(token).ics", webcal: "webcal://\(host)/feeds/\(token).ics")
        }
        return ReminderSettingsHTML.render(feed: feed, mine: try reminders.memberSettings(accountID: accountID), csrf: context.csrfToken, format: format)
            + PushDevicesHTML.render(try devices.devices(accountID: accountID), csrf: context.csrfToken, now: context.now, format: format)
    }

    @Sendable func setFeed(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        switch input["action"] {
        case "renew": try await feeds.renew(accountID: member.accountID)
        case "off": try await feeds.turnOff(accountID: member.accountID)
        default: throw PageError(status: .unprocessableContent, messageKey: "error.bad_request")
        }
        return .redirect(to: HouseholdRoutes.me.pattern + "#reminders", type: .normal)
    }

    @Sendable func setMine(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let url = input["ntfy_url", default: ""].trimmingCharacters(in: .whitespaces)
        var errors = FieldErrors()
        FormInput.check(url, field: "ntfy_url", errors: &errors)
        if let refusal = PageError(errors) { throw refusal }
        guard url.isEmpty || PushTarget.isWebAddress(url) else { throw PageError(status: .unprocessableContent, messageKey: "push.error.url") }
        if !url.isEmpty, context.role != .owner, await !PushAddress.memberMay(url, householdNtfy: try reminders.targets().ntfyURL) {
            throw PageError(status: .unprocessableContent, messageKey: "push.error.this_machine")
        }
        try await reminders.setMemberSettings(accountID: member.accountID, reminders: input["reminders"] == "on", ntfyURL: url.isEmpty ? nil : url)
        return .redirect(to: HouseholdRoutes.me.pattern + "?done=saved#reminders", type: .normal)
    }

    // MARK: The household's targets (owner)

    @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        let targets = try reminders.targets()
        let input = [
            "ntfy_url": targets.ntfyURL ?? "", "webhook_url": targets.webhookURL ?? "", "again_minutes": String(targets.againMinutes),
            "escalate_minutes": String(targets.escalateMinutes), "web_address": targets.address ?? "",
        ]
        return try settingsPage(
            input: input, errors: FieldErrors(), saved: request.uri.queryParameters.get("saved") != nil, request: request, context: context, status: .ok)
    }

    @Sendable func saveSettings(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        var errors = FieldErrors()
        func address(_ name: String) -> String? {
            let value = input[name, default: ""].trimmingCharacters(in: .whitespaces)
            if value.isEmpty { return nil }
            FormInput.check(value, field: name, errors: &errors)
            if !PushTarget.isWebAddress(value) { errors.add(name, "push.error.url") }
            return value
        }
        let ntfy = address("ntfy_url"), webhook = address("webhook_url"), web = address("web_address")
        let again = FormInput.number(input, "again_minutes", range: 0...720, units: NumberUnits.minutes, whole: true, required: true, errors: &errors)
        let escalate = FormInput.number(input, "escalate_minutes", range: 0...720, units: NumberUnits.minutes, whole: true, required: true, errors: &errors)
        guard errors.isEmpty, let again, let escalate else {
            return try settingsPage(input: input, errors: errors, saved: false, request: request, context: context, status: .unprocessableContent)
        }
        try await reminders.setTargets(
            ReminderTargets(ntfyURL: ntfy, webhookURL: webhook, againMinutes: Int(again), escalateMinutes: Int(escalate), address: web))
        return .redirect(to: ReminderRoutes.household.pattern + "?saved=1", type: .normal)
    }

    private func settingsPage(
        input: [String: String], errors: FieldErrors, saved: Bool, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let last = try reminders.lastDelivery().map { LastDeliveryHTML.render($0, household: try reminders.targets().ntfyURL, format: format) }
        let page = ReminderSettingsPage(
            fields: FormFields(
                ["ntfy_url", "webhook_url", "again_minutes", "escalate_minutes", "web_address"], input: input, errors: errors, strings: renderer.strings,
                language: context.language),
            problems: FormProblems(errors: errors), saved: saved, lastDelivery: last,
            // The address this page was opened at: the likeliest one phones reach Hearth at.
            here: request.head.authority.map { (context.isSecure ? "https://" : "http://") + $0 } ?? format.t("push.address_example"))
        return renderer.page(page, titleKey: "push.title", request: request, context: context, status: status)
    }
}
