import Foundation

/// Runs a program to its end: its exit status and everything it wrote (output and errors together).
func runCommand(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = try readToEnd(pipe.fileHandleForReading.fileDescriptor)
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Everything until the writer closes. Foundation's `readDataToEndOfFile` traps when a read is
/// interrupted by a signal (EINTR, seen under a busy test run); here the read is tried again.
func readToEnd(_ descriptor: Int32) throws -> [UInt8] {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            data += buffer[0..<count]
        } else if count == 0 {
            return data
        } else if errno != EINTR {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }
}
