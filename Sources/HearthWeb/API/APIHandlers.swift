import Foundation
import HearthAPI
import HearthCore
import HearthStore
import HTTPTypes
import OpenAPIRuntime

/// The API's operations (`APIProtocol`, generated from `Sources/HearthAPI/openapi.yaml`), one
/// extension per job beside this file. Each reads the request's context from `APICall` and
/// goes through the same validation, repositories and access checks as the pages.
struct APIHandlers: APIProtocol {
    let services: Services

    var database: AppDatabase { services.database }
    var strings: Localization { services.renderer.strings }

    func format(_ context: AppRequestContext) -> Formatting {
        Formatting(strings: strings, language: context.language, timeZone: context.timeZone)
    }

    /// The member's own subject `id`, or 404 (a hidden one is not there for them).
    func subject(_ id: Int64, _ context: AppRequestContext) throws -> SubjectSummary {
        guard let subject = try SubjectRepository(database).subject(id: id, access: context.access) else { throw PageError(StoreError.subjectNotFound) }
        return subject
    }

    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        let context = try APICall.current()
        let member = try context.requireAPIMember()
        return .ok(
            .init(
                body: .json(
                    .init(
                        id: member.account.id!, name: member.account.displayName, role: .init(rawValue: member.account.role.rawValue) ?? .viewer,
                        scope: .init(rawValue: context.apiScope?.rawValue ?? "read") ?? .read, limited: member.access != .everyone))))
    }

    func listMembers(_ input: Operations.ListMembers.Input) async throws -> Operations.ListMembers.Output {
        let context = try APICall.current()
        try context.requireOwner()
        let members = try await AccountRepository(database).all().map { account in
            Components.Schemas.Member(
                id: account.id!, username: account.username, name: account.displayName, role: .init(rawValue: account.role.rawValue) ?? .viewer,
                disabled: account.isDisabled)
        }
        return .ok(.init(body: .json(.init(members: members))))
    }
}

extension AppRequestContext {
    /// The token's member (the API has no session).
    func requireAPIMember() throws -> SignedInSession {
        guard let member, apiScope != nil else { throw PageError(status: .unauthorized, messageKey: "api.error.no_token") }
        return member
    }
}

/// Instants as RFC 3339 with the household's offset (`2026-11-25T08:03:00+09:00`), so a script
/// reads the household's clock without a zone database; any offset is read.
struct HouseholdDateTranscoder: DateTranscoder {
    func encode(_ date: Date) throws -> String {
        APITime.text(date, in: APICall.context?.timeZone ?? TimeZone(identifier: "UTC")!)
    }

    func decode(_ text: String) throws -> Date {
        guard let date = APITime.date(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Expected an RFC 3339 date and time, got \(text)"))
        }
        return date
    }
}

enum APITime {
    static func text(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let seconds = Int((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let day = LocalDate(daysSince1970: Int((Double(seconds) / 86400).rounded(.down)))
        let inDay = seconds - day.daysSince1970 * 86400
        let sign = offset < 0 ? "-" : "+"
        return "\(day)T\((inDay / 3600).zeroPadded(2)):\((inDay / 60 % 60).zeroPadded(2)):\((inDay % 60).zeroPadded(2))"
            + "\(sign)\((abs(offset) / 3600).zeroPadded(2)):\((abs(offset) / 60 % 60).zeroPadded(2))"
    }

    /// RFC 3339's `date-time` (section 5.6): any number of second fractions, any offset, `T`,
    /// `t` or a space between; nil for anything else or a day that does not exist.
    static func date(_ text: String) -> Date? {
        guard
            let match = text.wholeMatch(
                of: /(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2}):(\d{2}))/),
            let day = LocalDate(year: Int(match.1)!, month: Int(match.2)!, day: Int(match.3)!)
        else { return nil }
        let (hour, minute, second) = (Int(match.4)!, Int(match.5)!, Int(match.6)!)
        guard hour < 24, minute < 60, second <= 60 else { return nil }
        var offset = 0
        if match.8 == nil, let sign = match.9 {
            let (hours, minutes) = (Int(match.10!)!, Int(match.11!)!)
            guard hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
        }
        let fraction = match.7.map { Double("0" + $0)! } ?? 0
        let seconds = day.daysSince1970 * 86400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}

/// A write sent with no body at all (`curl -X POST …/given`) is a call without the optional
/// body, not an empty JSON document: the generated server would try to decode nothing.
struct NoBodyMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let length = request.headerFields[.contentLength]
        let empty = length == "0" || length == nil && request.headerFields[.transferEncoding] == nil
        return try await next(request, empty ? nil : body, metadata)
    }
}

/// The runtime writes response headers in URI "simple" style, percent-encoding a Location's
/// slashes; a Location is a URI reference already, so it goes out as written.
struct LocationMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, body) = try await next(request, body, metadata)
        if let location = response.headerFields[.location] { response.headerFields[.location] = location.removingPercentEncoding ?? location }
        return (response, body)
    }
}
