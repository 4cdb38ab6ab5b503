import ArgumentParser
import HearthStore

@main
struct HearthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hearth",
        abstract: "Hearth: the household care log.",
        subcommands: [
            Serve.self, UserCommand.self, SeedDemo.self, PhotosCommand.self, ImportCommand.self, DosesCommand.self, BackupCommand.self, RestoreCommand.self,
            ExportCommand.self, ServiceCommand.self, HTTPSCommand.self, HistoryCommand.self,
        ],
        defaultSubcommand: Serve.self)

    /// What a command writes is "the command line"'s in the history (`serve` answers for its own).
    static func main() async {
        await ChangeAuthor.$current.withValue(.commandLine) {
            do {
                var command = try parseAsRoot()
                if var command = command as? AsyncParsableCommand { try await command.run() } else { try command.run() }
            } catch {
                exit(withError: error)
            }
        }
    }
}

/// Options every command that opens the household's data shares.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Folder holding hearth.sqlite and the household's files.")
    var dataDirectory = "./data"
}
