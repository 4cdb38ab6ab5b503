import ArgumentParser
import Foundation
import HearthCertificates

/// `hearth https renew`: a new household certificate authority, limited to the home network.
struct HTTPSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "https", abstract: "Look after the household's own HTTPS certificate.", subcommands: [Renew.self])

    struct Renew: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: """
                Set the household's certificate authority aside (kept as *.old) so the next start makes a new one, \
                limited to the home network's names and addresses. Each phone then installs it once more from /connect.
                """)
        @OptionGroup var data: DataOptions

        func run() async throws {
            let folder = try TLSFolder(dataDirectory: data.dataDirectory)
            try HouseholdAuthority.setAside(in: folder)
            print("The household's certificate was set aside (\(folder.path)/*.old). Start Hearth, then open /connect on each phone to trust the new one.")
        }
    }
}
