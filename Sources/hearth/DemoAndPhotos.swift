import ArgumentParser
import Foundation
import HearthImaging
import HearthStore
import HearthWeb

/// `hearth seed-demo` and `hearth photos check|derive|animate`.
struct SeedDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed-demo",
        abstract: "Fill a data folder with a demo household: 3 pets, 10 years, about 8 records a day each.")

    @OptionGroup var data: DataOptions

    @Option(name: .customLong("photos"), help: "A folder of JPEG photos to use (the first six); without it, six pictures are drawn.")
    var photoFolder: String?

    @Option(help: "How many years of records.")
    var years = 10

    @Option(help: "Grow the household into a care home of this many people: residents with 4–6 regimens each.")
    var people: Int?

    @Option(help: "… and this many pets.")
    var pets: Int?

    // The tests' demo is seeded at one moment and served on a clock that starts there
    // (`serve --clock-starts-at`), so what its pages hold does not change with the calendar.
    @Option(name: .customLong("now"), help: .hidden)
    var now: String?

    func validate() throws {
        guard (people ?? 0) <= 10_000, (pets ?? 0) <= 10_000, (people ?? 0) >= 0, (pets ?? 0) >= 0 else {
            throw ValidationError("--people and --pets go up to 10,000.")
        }
        if let now, ISO8601DateFormatter().date(from: now) == nil {
            throw ValidationError("--now takes a moment such as 2026-11-28T07:00:00+09:00.")
        }
    }

    func run() async throws {
        var photos = DemoPictures.draw(count: 6)
        if let photoFolder {
            let names = try FileManager.default.contentsOfDirectory(atPath: photoFolder).filter { $0.lowercased().hasSuffix(".jpg") }.sorted().prefix(6)
            photos = try names.map { Array(try Data(contentsOf: URL(fileURLWithPath: photoFolder).appendingPathComponent($0))) }
        }
        let started = Date()
        let moment = now.flatMap { ISO8601DateFormatter().date(from: $0) } ?? Date()
        let summary = try await DemoHousehold.seed(dataDirectory: data.dataDirectory, photos: photos, years: years, now: moment, people: people, pets: pets) {
            print($0)
        }
        print(
            "\(summary.pets) pets, \(summary.people) people, \(summary.records) records, \(summary.doses) doses, \(summary.photos) photos in \(String(format: "%.1f", Date().timeIntervalSince(started))) s"
        )
        print("Sign in as \(DemoHousehold.username) with the password \(DemoHousehold.password)")
    }
}

struct PhotosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos", abstract: "Look after the photo files.", subcommands: [Check.self, Derive.self, Animate.self])

    /// `hearth photos animate A.jpg B.heic … --to out.gif`: the gallery's animated GIF from
    /// files, as the server makes it (and what `make bench` times).
    struct Animate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make an animated GIF from 2–50 photos, as the gallery does.")
        @Argument(help: "The photos, in order.") var files: [String]
        @Option(help: "Frame size in pixels: 320, 480 or 640.") var side = 480
        @Option(help: "Seconds per frame, 0.2–3.") var seconds = 0.8
        @Flag(help: "Play once instead of looping.") var once = false
        @Option(help: "perFrameDithered (the default) or global.") var palette = "perFrameDithered"
        @Option(help: "Where to write the GIF.") var to: String
        @Flag(help: "Also measure how close the colours are to the photos (slower).") var measure = false

        func run() async throws {
            guard AnimationSettings.frames.contains(files.count), AnimationSettings.sides.contains(side), AnimationSettings.secondsPerFrame.contains(seconds),
                let palette = GIFPalette(rawValue: palette)
            else {
                throw ValidationError("Give 2–50 photos, --side 320, 480 or 640, --seconds 0.2–3, --palette perFrameDithered or global.")
            }
            var frames: [AnimationFrame] = []
            for file in files {
                guard let data = FileManager.default.contents(atPath: file), let format = data.withUnsafeBytes({ ImageFormat.sniff($0) }) else {
                    throw ValidationError("\(file) is not a photo Hearth can read.")
                }
                frames.append(AnimationFrame(path: file, format: format))
            }
            let started = Date()
            let result = try AnimatedGIF.write(
                frames, settings: AnimationSettings(side: side, secondsPerFrame: seconds, loops: !once, palette: palette), to: to, measure: measure)
            print(
                String(format: "%@: %d frames, %d bytes, %.2f s", to, result.frames, result.bytes, Date().timeIntervalSince(started))
                    + (measure ? String(format: ", colour fidelity %.1f dB (PSNR of 4×4 block averages)", result.psnr) : ""))
        }
    }

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
