import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Closes a connection that has not sent a whole request head within `deadline` of
/// opening, or of its last answer (an idle keep-alive connection). A client that sends
/// one header line every few seconds (slowloris) never finishes a head, so Hummingbird's
/// idle timer, which counts only whole request parts, would not stop it either.
final class RequestHeadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let deadline: TimeAmount
    private var timer: Scheduled<Void>?
    /// Heads read minus answers finished: requests in progress (pipelining allows several).
    private var inProgress = 0

    init(deadline: TimeAmount) { self.deadline = deadline }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            inProgress += 1
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            inProgress = max(0, inProgress - 1)
            if inProgress == 0 { arm(context) }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        timer?.cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: deadline) { [weak self] in
            guard let self, self.inProgress == 0 else { return }
            context.close(promise: nil)
        }
    }
}
