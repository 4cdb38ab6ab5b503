import ArgumentParser
import Foundation
import HearthImaging
import HearthStore
import HearthWeb

struct SeedDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed-demo",
        abstract: "Fill a data folder with a demo household: 3 pets, 10 years, about 8 records a day each.")

    @OptionGroup var data: DataOptions

    @Option(name: .customLong("photos"), help: "A folder of JPEG photos to use (the first six); without it, six pictures are drawn.")
    var photoFolder: String?

    @Option(help: "How many years of records.")
    var years = 10

    func run() async throws {
        var photos = DemoPictures.draw(count: 6)
        if let photoFolder {
            let names = try FileManager.default.contentsOfDirectory(atPath: photoFolder).filter { $0.lowercased().hasSuffix(".jpg") }.sorted().prefix(6)
            photos = try names.map { Array(try Data(contentsOf: URL(fileURLWithPath: photoFolder).appendingPathComponent($0))) }
        }
        let started = Date()
        let summary = try await DemoHousehold.seed(dataDirectory: data.dataDirectory, photos: photos, years: years) { print($0) }
        print("\(summary.pets) pets, \(summary.people) people, \(summary.records) records, \(summary.doses) doses, \(summary.photos) photos in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        print("Sign in as \(DemoHousehold.username) with the password \(DemoHousehold.password)")
    }
}

struct PhotosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos", abstract: "Look after the photo files.", subcommands: [Check.self, Derive.self])

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find missing thumbnails and previews, orphaned files and stale uploads; --repair fixes what it can.")
        @Flag(help: "Redraw missing derivatives and delete orphans.") var repair = false
        @OptionGroup var data: DataOptions

        func run() async throws {
            let database = try AppDatabase.open(dataDirectory: data.dataDirectory)
            defer { try? database.close() }
            let report = try await PhotoCheck(database: database, dataDirectory: data.dataDirectory).run(repair: repair)
            print(report)
            if !report.isClean && !repair { throw ExitCode(1) }
        }
    }

    /// For benchmarks: makes both derivatives of each file, `--repeat` times, and reports the time.
    struct Derive: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Time the making of thumbnails and previews (benchmark).", shouldDisplay: false)
        @Argument var files: [String]
        @Option var `repeat` = 5
        @Option(name: .customLong("out"), help: "Folder to write the last derivatives into, to look at.") var output: String?

        func run() async throws {
            let inputs = try files.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
            let clock = ContinuousClock()
            let start = clock.now
            var last: [ProcessedPhoto] = []
            for _ in 0..<`repeat` {
                last = try inputs.map { try PhotoProcessor.process($0) }
            }
            let elapsed = clock.now - start
            let perPhoto = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            print(String(format: "%.1f ms per photo (both derivatives), %d photos × %d", perPhoto / Double(inputs.count * `repeat`), inputs.count, `repeat`))
            if let output {
                for photo in last {
                    try Data(photo.thumbnail).write(to: URL(fileURLWithPath: "\(output)/\(photo.sha256.prefix(8))-320.jpg"))
                    try Data(photo.preview).write(to: URL(fileURLWithPath: "\(output)/\(photo.sha256.prefix(8))-1600.jpg"))
                }
            }
        }
    }
}
