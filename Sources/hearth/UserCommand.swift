import ArgumentParser
import Foundation
import HearthCore
import HearthStore
import HearthWeb
import HummingbirdBcrypt

/// `hearth user …`: the way back in for a household whose owner forgot the password.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage household accounts from the command line.",
        subcommands: [Add.self, Passwd.self, List.self])

    /// Options every `user` command shares: the data folder, and where the string files are.
    struct Options: ParsableArguments {
        @OptionGroup var data: DataOptions
        @Option(name: .customLong("resources"), help: "Folder holding Templates/ (default: the current folder).")
        var resourcesDirectory = FileManager.default.currentDirectoryPath

        /// The database, and the words to speak in: the terminal's language, else the household's.
        func open() async throws -> (AppDatabase, CommandLineText) {
            guard FileManager.default.fileExists(atPath: (resourcesDirectory as NSString).appendingPathComponent("Templates/i18n")) else {
                throw ValidationError("No Templates/ folder in \(resourcesDirectory): run from the Hearth folder or pass --resources.")
            }
            let database = try AppDatabase.open(dataDirectory: data.dataDirectory)
            let household = try await HouseholdRepository(database).settings()
            return (database, try CommandLineText(resourcesDirectory: resourcesDirectory, householdLanguage: household?.language))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a member.")
        @Argument var username: String
        @Option(help: "owner, adult or viewer.") var role: Role = .adult
        @Option(name: .customLong("name"), help: "Display name (default: the username).") var displayName: String?
        @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input instead of asking.") var passwordFromStandardInput = false
        @OptionGroup var options: Options

        func run() async throws {
            let (database, say) = try await options.open()
            defer { try? database.close() }
            let password = try PasswordPrompt.read(fromStandardInput: passwordFromStandardInput, say)
            let input = ["username": username, "display_name": displayName ?? "", "password": password, "role": role.rawValue]
            switch NewMember.validate(input) {
            case .invalid(let errors):
                throw ValidationError(say.problems(errors))
            case .valid(let member):
                do {
                    let account = try await AccountRepository(database).create(member, passwordHash: Bcrypt.hash(password, cost: 12))
                    print(say.text("cli.added", ["username": account.username, "role": say.role(account.role)]))
                } catch StoreError.usernameTaken {
                    throw ValidationError(say.text("cli.username_taken", ["username": member.username]))
                }
            }
        }
    }

    struct Passwd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a member's password, re-enable the account, clear its sign-in lock and sign it out everywhere.")
        @Argument var username: String
        @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input instead of asking.") var passwordFromStandardInput = false
        @OptionGroup var options: Options

        func run() async throws {
            let (database, say) = try await options.open()
            defer { try? database.close() }
            let accounts = AccountRepository(database)
            guard let account = try await accounts.account(username: username), let id = account.id else {
                throw ValidationError(say.text("cli.no_account", ["username": username]))
            }
            let password = try PasswordPrompt.read(fromStandardInput: passwordFromStandardInput, say)
            var errors = FieldErrors()
            Credentials.checkPassword(password, into: &errors)
            if !errors.isEmpty { throw ValidationError(say.problems(errors)) }
            try await accounts.setPasswordHash(Bcrypt.hash(password, cost: 12), accountID: id)
            if account.isDisabled { try await accounts.setDisabled(false, accountID: id) }
            try await SignInFailureRepository(database).clear(username: account.username)
            print(say.text("cli.password_set", ["username": account.username]))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the household's accounts.")
        @OptionGroup var options: Options

        func run() async throws {
            let (database, say) = try await options.open()
            defer { try? database.close() }
            for account in try await AccountRepository(database).all() {
                let state = account.isDisabled ? "  " + say.text("cli.disabled") : ""
                print("\(account.username)\t\(say.role(account.role))\t\(account.displayName)\(state)")
            }
        }
    }
}

extension Role: ExpressibleByArgument {}

enum PasswordPrompt {
    /// Asks twice without echo on a terminal; reads one line when piped.
    static func read(fromStandardInput: Bool, _ say: CommandLineText) throws -> String {
        if fromStandardInput || isatty(STDIN_FILENO) == 0 {
            guard let line = readLine(strippingNewline: true) else { throw ValidationError(say.text("cli.no_password")) }
            return line
        }
        let first = String(cString: getpass(say.text("cli.password_prompt", ["minimum": String(Credentials.minimumPasswordLength)])))
        let second = String(cString: getpass(say.text("cli.password_again")))
        guard first == second else { throw ValidationError(say.text("cli.passwords_differ")) }
        return first
    }
}
