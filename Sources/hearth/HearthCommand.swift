import ArgumentParser

@main
struct HearthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hearth",
        abstract: "Hearth: the household care log.",
        subcommands: [
            Serve.self, UserCommand.self, SeedDemo.self, PhotosCommand.self, ImportCommand.self, DosesCommand.self, BackupCommand.self, RestoreCommand.self,
            ExportCommand.self, ServiceCommand.self, HTTPSCommand.self,
        ],
        defaultSubcommand: Serve.self)
}

/// Options every command that opens the household's data shares.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Folder holding hearth.sqlite and the household's files.")
    var dataDirectory = "./data"
}
