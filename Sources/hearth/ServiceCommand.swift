import ArgumentParser
import Foundation
import HearthCore
import HearthWeb

/// `hearth service install|remove`: Hearth as a systemd service, started with the computer.
struct ServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service", abstract: "Start Hearth with the computer (systemd).", subcommands: [Install.self, Remove.self])

    static let defaultUnitFile = "/etc/systemd/system/hearth.service"

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write and enable a systemd unit: its own user, the data folder, restarted on failure, logs in the journal.")

        @OptionGroup var data: DataOptions
        @Option(help: "The system user Hearth runs as (made when missing).")
        var user = "hearth"
        @Option(help: "Address to listen on (0.0.0.0 for the household's phones).")
        var host = "127.0.0.1"
        @Option(help: "Port to listen on.")
        var port = 8080
        @Option(name: .customLong("resources"), help: "Folder holding Templates/ and Public/ (default: the current folder).")
        var resourcesDirectory = FileManager.default.currentDirectoryPath
        @Option(name: .customLong("unit-file"), help: "Where the unit is written.")
        var unitFile = ServiceCommand.defaultUnitFile
        @Flag(help: "Only print the unit; change nothing.")
        var print = false

        func run() throws {
            let unit = ServiceUnit(
                executable: try Self.executable(), user: user, dataDirectory: URL(fileURLWithPath: data.dataDirectory).standardizedFileURL.path,
                resourcesDirectory: URL(fileURLWithPath: resourcesDirectory).standardizedFileURL.path, host: host, port: port)
            guard FileManager.default.fileExists(atPath: unit.resourcesDirectory + "/Templates") else {
                throw ValidationError("No Templates/ folder in \(unit.resourcesDirectory): run from the Hearth folder or pass --resources.")
            }
            if print {
                Swift.print(unit.text, terminator: "")
                return
            }
            guard geteuid() == 0 else { throw ValidationError("Installing a service changes the system: run it with sudo (or --print to see the unit).") }
            if (try? system("/usr/bin/id", "-u", user)) == nil {
                try system("/usr/sbin/useradd", "--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", user)
                Swift.print("made the system user \(user)")
            }
            try FileManager.default.createDirectory(atPath: unit.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try system("/bin/chown", "-R", "\(user):\(user)", unit.dataDirectory)
            try unit.text.write(toFile: unitFile, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: unitFile)
            try system("/bin/systemctl", "daemon-reload")
            try system("/bin/systemctl", "enable", "--now", (unitFile as NSString).lastPathComponent)
            Swift.print(
                """
                Hearth starts with the computer now (\(unitFile)), as \(user), on \(unit.dataDirectory).
                Logs: journalctl -u hearth    Stop and undo: sudo hearth service remove
                """)
        }

        /// This program's own path, as the unit must name it.
        static func executable() throws -> String {
            try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop Hearth's service and remove its unit; the data folder and the user stay.")

        @Option(name: .customLong("unit-file"), help: "The unit that install wrote.")
        var unitFile = ServiceCommand.defaultUnitFile

        func run() throws {
            guard geteuid() == 0 else { throw ValidationError("Removing a service changes the system: run it with sudo.") }
            guard FileManager.default.fileExists(atPath: unitFile) else { throw ValidationError("No unit at \(unitFile): nothing to remove.") }
            try system("/bin/systemctl", "disable", "--now", (unitFile as NSString).lastPathComponent)
            try FileManager.default.removeItem(atPath: unitFile)
            try system("/bin/systemctl", "daemon-reload")
            Swift.print("Hearth's service is stopped and removed; the data folder and its user are kept.")
        }
    }
}

/// Runs a system command, failing with its name and status.
@discardableResult
private func system(_ path: String, _ arguments: String...) throws -> Int32 {
    let status = try ChildProcess.start(path, arguments).wait()
    guard status == 0 else { throw ValidationError("\(path) \(arguments.joined(separator: " ")) failed (\(status))") }
    return status
}
