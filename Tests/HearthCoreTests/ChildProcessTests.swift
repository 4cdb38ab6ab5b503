import Foundation
import HearthCore
import Testing

@Suite("Programs started with posix_spawn")
struct ChildProcessTests {
    @Test("the exit status, output and errors together, input written as it runs, a signal as 128 + it")
    func runs() throws {
        let echo = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(echo.status == 3)
        #expect(String(decoding: echo.output, as: UTF8.self) == "out\nerr\n")
        // More than a pipe holds both ways: the input is written while the output is read.
        let big = Array(repeating: UInt8(ascii: "a"), count: 300_000)
        let cat = try ChildProcess.run("/bin/cat", [], input: big)
        #expect(cat.status == 0 && cat.output == big)
        #expect(try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"]).status == 128 + SIGTERM)
        #expect(throws: ChildProcess.Failed.self) { try ChildProcess.run("/no/such/program", []) }
    }

    @Test("a program still running is seen running, and stopped; it is handed none of our descriptors")
    func stops() throws {
        let sleeper = try ChildProcess.start("/bin/sleep", ["30"])
        #expect(sleeper.exited() == nil)
        sleeper.kill()
        // The child's own descriptors: its 0, 1, 2 and the one `ls` opens to list them.
        // One opened without close-on-exec: only closing from 3 on keeps it from the child.
        let open = Glibc.open("/etc/hostname", O_RDONLY)
        defer { close(open) }
        #expect(open > 2)
        let listed = try ChildProcess.run("/bin/ls", ["/proc/self/fd"])
        #expect(String(decoding: listed.output, as: UTF8.self).split(separator: "\n").count <= 4)
    }
}
