import ArgumentParser
import Foundation
import HearthStore
import HearthWeb

extension ImportCommand {
    /// `hearth import recipes FILE…`: schema.org JSON-LD, saved web pages and the public
    /// Korean recipe data (COOKRCP01) into the recipe book, in one transaction, with a summary.
    struct Recipes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recipes", abstract: "Import recipes: schema.org JSON-LD (.json), saved web pages (.html) or the public recipe data (COOKRCP01 JSON).")
        @Argument(help: "The files.") var files: [String]
        @OptionGroup var data: DataOptions

        func run() async throws {
            let database = try AppDatabase.open(dataDirectory: data.dataDirectory)
            defer { try? database.close() }
            let result = try await RecipeFiles.importFiles(files, into: RecipeRepository(database))
            print(result.text)
            if result.imported == 0 { throw ExitCode(1) }
        }
    }
}

extension ExportCommand {
    /// `hearth export recipes --to FILE`: the whole book as JSON-LD that imports back unchanged.
    struct Recipes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "recipes", abstract: "Write the recipe book as one schema.org JSON-LD file.")
        @Option(help: "The file to write.") var to: String
        @OptionGroup var data: DataOptions

        func run() async throws {
            let database = try AppDatabase.open(dataDirectory: data.dataDirectory)
            defer { try? database.close() }
            let count = try RecipeFiles.export(RecipeRepository(database), to: to)
            print("\(count) recipes written to \(to)")
        }
    }
}
