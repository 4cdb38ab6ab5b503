import HearthCore
import HearthStore
import Hummingbird
import OpenAPIRuntime

/// Turns whatever a handler throws into an error page in the member's language:
/// 404, 403, 429, 413… as they are, anything unexpected as 500 with no details shown.
/// A full disk is 507 with its own message: nothing was saved, and freeing space fixes it.
struct ErrorPagesMiddleware: RouterMiddleware {
    let renderer: Renderer
    let diskSpace: DiskSpace

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        do {
            do {
                return try await answer(request, context: context, next: next)
            } catch let error as ServerError {
                // The API's generated server wraps what its handlers throw.
                throw APIProblem.unwrap(error)
            }
        } catch let error where StorageFull.isCause(error) {
            diskSpace.noteFull(context.logger)
            return page(.diskFull, messageKey: "error.disk_full", request: request, context: context)
        } catch let error as PageError {
            return page(error.status, messageKey: error.messageKey, values: error.values, fields: error.fields, request: request, context: context)
        } catch let error as StoreError {
            // A refusal from the store that no handler turned into a form message: someone
            // else changed the household between this page and this request.
            let refusal = PageError(error)
            return page(refusal.status, messageKey: refusal.messageKey, request: request, context: context)
        } catch let error as any HTTPResponseError {
            let status = error.status
            let key: String
            switch status.code {
            case 404: key = "error.not_found"
            case 403: key = "error.forbidden"
            case 413: key = "error.too_large"
            case 400..<500: key = "error.bad_request"
            default: key = "error.server"
            }
            if status.code >= 500 { context.logger.error("server error: \(error)") }
            return page(status, messageKey: key, request: request, context: context)
        } catch {
            context.logger.error("server error: \(error)")
            return page(.internalServerError, messageKey: "error.server", request: request, context: context)
        }
    }

    private func answer(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        if diskSpace.isFull, ![.get, .head].contains(request.method), response.status.code < 400 {
            diskSpace.noteWritable(context.logger)  // something was saved: space is back
        }
        return response
    }

    private func page(
        _ status: HTTPResponse.Status, messageKey: String, values: [String: String] = [:], fields: FieldErrors = FieldErrors(), request: Request,
        context: AppRequestContext
    ) -> Response {
        if APIProblem.isAPI(request) {
            return APIProblem.response(status, messageKey: messageKey, values: values, fields: fields, strings: renderer.strings, language: context.language)
        }
        let page = ErrorPage(status: status.code, message: renderer.strings.text(messageKey, context.language, values))
        let title = status == .diskFull ? "507" : status.code >= 500 ? "500" : String(status.code)
        return renderer.page(page, titleKey: "error.title.\(title)", request: request, context: context, status: status)
    }
}

extension HTTPResponse.Status {
    /// 507 Insufficient Storage (RFC 4918): the request was fine, the disk was full.
    static let diskFull = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
