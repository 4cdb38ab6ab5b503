import Foundation
import HearthCore
import Testing
@testable import HearthImports

/// Mutated real files through every reader an import uses: the XML scanner (Apple Health's
/// sample), the zip reader (that sample zipped), the CSV reader (a Google Fit file and the
/// clinic register in CP949) and the JSON-LD reader (a recipe page). Each case must end as a
/// result or a thrown refusal — a trap ends the process, so finishing is the proof — within
/// a second, and leave the process's memory where it was.
///
/// `make test` runs 1,500 cases; `make fuzz` runs more (HEARTH_FUZZ_CASES, HEARTH_FUZZ_SEED).
@Suite("Import fuzz")
struct ImportFuzzTests {
    static let cases = ProcessInfo.processInfo.environment["HEARTH_FUZZ_CASES"].flatMap(Int.init).map { $0 / 2 } ?? 1500
    static let seed = ProcessInfo.processInfo.environment["HEARTH_FUZZ_SEED"].flatMap(UInt64.init) ?? 23

    /// Resident memory of this process, in megabytes.
    static func residentMB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    static let recipePage = """
        <html><head><title>Stew</title><script type="application/ld+json">{"@context": "https://schema.org", "@graph": [{"@type": "Recipe",
        "name": "된장찌개 &amp; rice", "recipeYield": ["4", "4 servings"], "prepTime": "PT10M", "recipeIngredient": ["된장 2큰술", "1 (15-ounce) can beans"],
        "recipeInstructions": [{"@type": "HowToSection", "name": "Soup", "itemListElement": [{"@type": "HowToStep", "text": "<p>Boil</p> water."}]}],
        "nutrition": {"calories": "220 kcal", "servingSize": "350 g"}}]}</script></head><body><script>var a = 1 < 2;</script></body></html>
        """

    static let googleFit = "Date,Step count,Average weight (kg)\n2026-05-01,4200,70.2\n2026-05-02,\"5,100\",\n2026-05-03,300,71\n"
    static let clinics = "개방자치단체코드,관리번호,사업장명,영업상태명,소재지전화,도로명전체주소\n3220000,1,행복동물병원,영업/정상,02-555-0000,서울특별시 강남구 테헤란로 1\n3220000,2,\"24시 동물병원, 본점\",폐업,,\n"

    /// One of: flipped bytes, a structural character dropped in, a slice repeated many times, a cut.
    static func mutate(_ sample: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = sample
        guard !bytes.isEmpty else { return bytes }
        func at() -> Int { Int(random.next() % UInt64(bytes.count)) }
        switch random.next() % 4 {
        case 0:
            for _ in 0..<(1 + random.next() % 8) { bytes[at()] = random.byte() }
        case 1:
            let marks = Array("<>\"',{}[]\n\r/=&;\u{0}".utf8) + [0xFF, 0xEF, 0xBB]
            for _ in 0..<(1 + random.next() % 6) { bytes.insert(marks[Int(random.next() % UInt64(marks.count))], at: at()) }
        case 2:
            let start = at(), length = min(bytes.count - start, 1 + Int(random.next() % 16))
            let slice = bytes[start..<(start + length)]
            bytes.insert(contentsOf: Array(repeating: Array(slice), count: 1 + Int(random.next() % 20_000)).joined(), at: start)
        default:
            bytes = Array(bytes.prefix(at()))
        }
        return bytes
    }

    @Test("mutated exports, zips, CSV lists and recipe pages end as a result or a refusal, quickly, in bounded memory")
    func mutatedFiles() throws {
        let folder = NSTemporaryDirectory() + "hearth-import-fuzz-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let xml = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ExportFiles.sample)))
        let cp949 = try [UInt8](#require(TextEncoding.convert(Data(Self.clinics.utf8), from: "UTF-8", to: "CP949")))
        let readers: [(name: String, sample: [UInt8], read: (String) throws -> Void)] = [
            ("xml", xml, { _ = try AppleHealthImport.read(path: $0, timeZone: .gmt) }),
            ("zip", ExportFiles.zip([("apple_health_export/export.xml", xml)]), { _ = try AppleHealthImport.read(path: $0, timeZone: .gmt) }),
            ("csv", Array(Self.googleFit.utf8), { _ = try GoogleFitImport.read(path: $0, fileName: "daily.csv") }),
            ("cp949", cp949, { _ = try ClinicLicenceImport.read(path: $0) }),
            (
                "jsonld", Array(Self.recipePage.utf8),
                { path in
                    _ = try RecipeJSONLD.recipes(in: String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
                }
            ),
        ]
        var random = SeededRandom(seed: Self.seed)
        var outcomes: [String: Int] = [:]
        var slowest = Duration.zero, grew = 0
        let started = ContinuousClock.now
        for index in 0..<Self.cases {
            let reader = readers[index % readers.count]
            let path = folder + "/case-\(index % readers.count)"
            try Data(Self.mutate(reader.sample, &random)).write(to: URL(fileURLWithPath: path))
            let before = Self.residentMB()
            let clock = ContinuousClock.now
            do {
                try reader.read(path)
                outcomes["\(reader.name) read", default: 0] += 1
            } catch {
                outcomes["\(reader.name) refused", default: 0] += 1
            }
            let took = ContinuousClock.now - clock
            slowest = max(slowest, took)
            #expect(took < .seconds(2), "case \(index) (\(reader.name)) took \(took)")
            grew = max(grew, Self.residentMB() - before)
        }
        print(
            "import fuzz: \(Self.cases) cases, seed \(Self.seed), \(ContinuousClock.now - started), slowest \(slowest), memory grew at most \(grew) MB: \(outcomes.sorted { $0.key < $1.key })"
        )
        #expect(grew < 200, "a case kept \(grew) MB")
        // The mutations must reach past the first check: some files still read, some are refused.
        for name in ["xml", "zip", "csv", "cp949", "jsonld"] {
            #expect(outcomes["\(name) read", default: 0] > 0 && outcomes["\(name) refused", default: 0] > 0, "\(name): \(outcomes)")
        }
    }
}
