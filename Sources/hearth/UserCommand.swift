import ArgumentParser
import Foundation
import HearthCore
import HearthStore
import HummingbirdBcrypt

/// `hearth user …`: the way back in for a household whose owner forgot the password.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage household accounts from the command line.",
        subcommands: [Add.self, Passwd.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a member.")
        @Argument var username: String
        @Option(help: "owner, adult or viewer.") var role: Role = .adult
        @Option(name: .customLong("name"), help: "Display name (default: the username).") var displayName: String?
        @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input instead of asking.") var passwordFromStandardInput = false
        @OptionGroup var data: DataOptions

        func run() async throws {
            let database = try AppDatabase.open(dataDirectory: data.dataDirectory)
            defer { try? database.close() }
            let password = try PasswordPrompt.read(fromStandardInput: passwordFromStandardInput)
            let input = ["username": username, "display_name": displayName ?? "", "password": password, "role": role.rawValue]
            switch NewMember.validate(input) {
            case .invalid(let errors):
                throw ValidationError(errors.messages.map { "\($0.key): \(PasswordPrompt.explain($0.value))" }.sorted().joined(separator: "\n"))
            case .valid(let member):
                do {
                    let account = try await AccountRepository(database).create(member, passwordHash: Bcrypt.hash(password, cost: 12))
                    print("Added \(account.username) (\(account.role.rawValue)).")
                } catch StoreError.usernameTaken {
                    throw ValidationError("\(member.username) already exists; use `hearth user passwd \(member.username)`.")
                }
            }
        }
    }

    struct Passwd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a member's password, re-enable the account, clear its sign-in lock and sign it out everywhere.")
        @Argument var username: String
        @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input instead of asking.") var passwordFromStandardInput = false
        @OptionGroup var data: DataOptions

        func run() async throws {
            let database = try AppDatabase.open(dataDirectory: data.dataDirectory)
            defer { try? database.close() }
            let accounts = AccountRepository(database)
            guard let account = try await accounts.account(username: username), let id = account.id else {
                throw ValidationError("No account named \(username). `hearth user list` shows who there is.")
            }
            let password = try PasswordPrompt.read(fromStandardInput: passwordFromStandardInput)
            var errors = FieldErrors()
            Credentials.checkPassword(password, into: &errors)
            if let key = errors["password"] { throw ValidationError(PasswordPrompt.explain(key)) }
            try await accounts.setPasswordHash(Bcrypt.hash(password, cost: 12), accountID: id)
            if account.isDisabled { try await accounts.setDisabled(false, accountID: id) }
            try await SignInFailureRepository(database).clear(username: account.username)
            print("Password set for \(account.username). They can sign in now.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the household's accounts.")
        @OptionGroup var data: DataOptions

        func run() async throws {
            let database = try AppDatabase.open(dataDirectory: data.dataDirectory)
            defer { try? database.close() }
            for account in try await AccountRepository(database).all() {
                let state = account.isDisabled ? "  (disabled)" : ""
                print("\(account.username)\t\(account.role.rawValue)\t\(account.displayName)\(state)")
            }
        }
    }
}

extension Role: ExpressibleByArgument {}

enum PasswordPrompt {
    /// Asks twice without echo on a terminal; reads one line when piped.
    static func read(fromStandardInput: Bool) throws -> String {
        if fromStandardInput || isatty(STDIN_FILENO) == 0 {
            guard let line = readLine(strippingNewline: true) else { throw ValidationError("No password on standard input.") }
            return line
        }
        let first = String(cString: getpass("New password (at least \(Credentials.minimumPasswordLength) characters): "))
        let second = String(cString: getpass("Once more: "))
        guard first == second else { throw ValidationError("The two passwords differ.") }
        return first
    }

    /// The command line speaks English; these mirror the messages of the string files.
    static func explain(_ key: String) -> String {
        switch key {
        case "error.password.short": return "the password needs at least \(Credentials.minimumPasswordLength) characters"
        case "error.password.long": return "the password may be at most \(Credentials.maximumPasswordBytes) bytes"
        case "error.username.length": return "a username has 3 to 32 characters"
        case "error.username.characters": return "a username uses only a-z, 0-9, '.', '_' and '-'"
        default: return key
        }
    }
}
