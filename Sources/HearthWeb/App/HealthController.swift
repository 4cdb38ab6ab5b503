import Dispatch
import HearthStore
import Hummingbird

/// `/healthz`: 200 `ok` once the database answers and the data folder takes a write;
/// 507 `disk full` when it does not. No session needed.
struct HealthController {
    let database: AppDatabase
    let diskSpace: DiskSpace

    @Sendable func check(_ request: Request, context: AppRequestContext) async throws -> Response {
        do {
            try await database.check()
            // The probe's fsync may wait on a slow disk: not on the event loop.
            let (diskSpace, logger) = (diskSpace, context.logger)
            let writable = await withCheckedContinuation { done in DispatchQueue.global().async { done.resume(returning: diskSpace.probe(logger)) } }
            guard writable else {
                return Response(
                    status: .diskFull, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                    body: .init(byteBuffer: ByteBuffer(string: "disk full")))
            }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(string: "ok")))
        } catch {
            context.logger.error("health check failed: \(error)")
            return Response(
                status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "database unavailable")))
        }
    }
}
