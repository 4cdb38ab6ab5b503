import Foundation

/// `hearth service install`: the systemd unit that starts Hearth with the computer, as its
/// own user, on its data folder, restarted when it fails, logging to the journal.
public struct ServiceUnit: Sendable {
    public var executable: String
    public var user: String
    public var dataDirectory: String
    /// Where the templates and static files are (the Hearth folder).
    public var resourcesDirectory: String
    public var host: String
    public var port: Int

    public init(executable: String, user: String, dataDirectory: String, resourcesDirectory: String, host: String, port: Int) {
        (self.executable, self.user, self.dataDirectory, self.resourcesDirectory, self.host, self.port) =
            (executable, user, dataDirectory, resourcesDirectory, host, port)
    }

    /// systemd quotes arguments with double quotes and expands `%` and `$`: each is escaped.
    static func quoted(_ argument: String) -> String {
        let escaped = argument.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
        return "\"\(escaped)\""
    }

    public var text: String {
        let command = [executable, "serve", "--host", host, "--port", String(port), "--data-dir", dataDirectory, "--resources", resourcesDirectory]
            .map(Self.quoted).joined(separator: " ")
        return """
            [Unit]
            Description=Hearth, the household care log
            Wants=network-online.target
            After=network-online.target

            [Service]
            Type=simple
            User=\(user)
            Group=\(user)
            WorkingDirectory=\(resourcesDirectory.replacingOccurrences(of: "%", with: "%%"))
            ExecStart=\(command)
            # SIGTERM lets requests in flight finish and closes the database cleanly.
            KillSignal=SIGTERM
            TimeoutStopSec=30
            Restart=on-failure
            RestartSec=5
            # Logs go to the journal: journalctl -u hearth
            StandardOutput=journal
            StandardError=journal
            # The system's own folders are read-only to it; the data folder and a backup
            # folder on a USB disk (set on /settings/backups) stay writable.
            NoNewPrivileges=true
            ProtectSystem=full
            PrivateTmp=true
            UMask=0077

            [Install]
            WantedBy=multi-user.target

            """
    }
}
