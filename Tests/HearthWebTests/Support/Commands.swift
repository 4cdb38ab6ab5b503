import Foundation
import HearthCore

/// Runs a program to its end: its exit status and everything it wrote (output and errors together).
func runCommand(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
    let (status, output) = try ChildProcess.run(executable, arguments)
    return (status, String(decoding: output, as: UTF8.self))
}
