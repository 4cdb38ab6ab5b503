import NIOCore

/// Runs request handling on the event loop that already holds the connection, instead of
/// handing each request to Swift's global pool and back: on a two-core home server those
/// thread hops cost more than rendering the page. Work that must not block (bcrypt, photo
/// decoding) already runs on its own threads, and waits for them suspend, not block.
final class EventLoopTaskExecutor: TaskExecutor {
    let group: any EventLoopGroup

    init(group: any EventLoopGroup) {
        self.group = group
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // `any()` is the loop this thread runs, when it runs one: a job woken by a socket
        // read stays on that socket's loop.
        group.any().execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
