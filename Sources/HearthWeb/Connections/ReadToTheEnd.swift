import HTTPTypes
import Logging
import NIOCore
import NIOHTTPTypes

/// Reads a request's body to its end even when the answer came first, then honours the
/// client's `Connection: close`.
///
/// A form refused before its body is read (a wrong CSRF token, no session, no such pet, a
/// full disk) is answered at once. Hummingbird then reads and discards the rest of the
/// body, unless the request said `Connection: close` (as Python's urllib and many phones'
/// retry stacks do): then it stopped reading, the client blocked sending the rest of a
/// 12 MB body into full buffers, and never read the answer. So the header is taken off
/// the request here, the body is read to its end (at most `maximumBody` bytes), and only
/// then is the connection closed. An import's upload (`ImportRoutes.uploads`) may be larger than a
/// form of photos: a phone's whole health export.
final class ReadToTheEnd: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let maximumBody: Int
    let maximumImport: Int
    let logger: Logger
    private var limit = 0
    private var closeRequested = false
    private var bodyBytes = 0
    private var requestEnded = false
    private var answerEnded = false

    init(maximumBody: Int, maximumImport: Int, logger: Logger) {
        self.maximumBody = maximumBody
        self.maximumImport = maximumImport
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(var head):
            bodyBytes = 0
            let path = (head.path ?? "").prefix { $0 != "?" }
            limit = ImportRoutes.uploads.contains { $0.matches(path) } ? max(maximumBody, maximumImport) : maximumBody
            requestEnded = false
            answerEnded = false
            closeRequested = head.headerFields[.connection]?.lowercased().contains("close") == true
            if closeRequested {
                head.headerFields[.connection] = nil
                context.fireChannelRead(wrapInboundOut(.head(head)))
                return
            }
        case .body(let buffer):
            bodyBytes += buffer.readableBytes
            if bodyBytes > limit {
                logger.notice("closed a connection whose request body passed \(limit) bytes")
                context.close(promise: nil)
                return
            }
        case .end:
            requestEnded = true
            if closeRequested && answerEnded { context.close(promise: nil) }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data), closeRequested else {
            context.write(data, promise: promise)
            return
        }
        answerEnded = true
        guard requestEnded else {
            context.write(data, promise: promise)
            return
        }
        // The whole request was read: close once the answer has gone out, as asked.
        let written = promise ?? context.eventLoop.makePromise()
        context.writeAndFlush(data, promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
