#if canImport(Glibc)
import Glibc
#endif
import CHearthProcess
import Foundation

/// Another program started with `posix_spawn`: Chromium printing a PDF, `systemctl`, and the
/// tests' oracles. Not Foundation's `Process`: on Linux its `run()` copies a whole 256-byte
/// name out of each `/proc/self/fd` entry, reading past the end of glibc's buffer, and it
/// crashed a test run (swift-corelibs-foundation #5472, in Swift 6.3.1).
public struct ChildProcess: Sendable {
    public let pid: pid_t

    public struct Failed: Error, CustomStringConvertible {
        public let executable: String
        public let code: Int32
        public var description: String { "\(executable) could not be started: \(String(cString: strerror(code)))" }
    }

    /// Starts `executable` (a path) with `arguments`. Its input is `input` (a descriptor, or
    /// nothing), its output and errors go to `output` (or nowhere); no other descriptor of
    /// this process is passed on.
    public static func start(_ executable: String, _ arguments: [String], input: Int32? = nil, output: Int32? = nil) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, output, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        hearth_spawn_close_from(&actions, 3)
        // Signals back to their defaults and none blocked: the server ignores or waits on some
        // (SIGTERM, SIGINT, SIGPIPE), and an ignored signal stays ignored across exec.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard code == 0 else { throw Failed(executable: executable, code: code) }
        return ChildProcess(pid: pid)
    }

    /// Its exit status once it has ended (128 + the signal that ended it), or nil while it runs.
    public func exited() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == 0 { return nil }
        return result == pid ? Self.meaning(status) : -1
    }

    /// Waits for it to end: its exit status (128 + the signal that ended it).
    @discardableResult
    public func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            if errno != EINTR { return -1 }
        }
        return Self.meaning(status)
    }

    /// Stops it at once and waits for it.
    public func kill() {
        _ = Glibc.kill(pid, SIGKILL)
        wait()
    }

    static func meaning(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Runs `executable` to its end: its exit status and everything it wrote (output and errors
    /// together). `input` is written to it as it runs.
    public static func run(_ executable: String, _ arguments: [String], input: [UInt8]? = nil) throws -> (status: Int32, output: [UInt8]) {
        let out = try Pipe2()
        var inPipe: Pipe2?
        if input != nil { inPipe = try Pipe2() }
        let child: ChildProcess
        do {
            child = try start(executable, arguments, input: inPipe?.read, output: out.write)
        } catch {
            out.closeBoth()
            inPipe?.closeBoth()
            throw error
        }
        close(out.write)
        if let inPipe, let input {
            close(inPipe.read)
            let descriptor = inPipe.write
            // Written beside the reading below, so a program that answers as it reads never waits on us.
            Thread.detachNewThread {
                var offset = 0
                while offset < input.count {
                    let written = input[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                    if written > 0 {
                        offset += written
                    } else if errno != EINTR {
                        break
                    }
                }
                close(descriptor)
            }
        }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(out.read, $0.baseAddress, $0.count) }
            if count > 0 {
                data += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(out.read)
        return (child.wait(), data)
    }

    /// A pipe whose ends are not inherited (the child gets the one it is given as 0, 1 or 2).
    struct Pipe2 {
        let read: Int32
        let write: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            guard hearth_pipe_cloexec(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            (read, write) = (ends[0], ends[1])
        }

        func closeBoth() {
            close(read)
            close(write)
        }
    }
}
