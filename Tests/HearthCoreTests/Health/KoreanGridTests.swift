import Foundation
import Testing
@testable import HearthCore

/// The register's grid to WGS 84, against PROJ (pyproj, an independent implementation with
/// EPSG's own transformation) at 400 points spread over the country and its islands.
@Suite("Korean grid coordinates")
struct KoreanGridTests {
    @Test("both central belts agree with pyproj within a metre from Marado to Dokdo", arguments: KoreanGrid.allCases)
    func againstPROJ(grid: KoreanGrid) async throws {
        // A fixed spread of register coordinates: x from west of Baengnyeong to Dokdo, y from Marado to the DMZ.
        var generator = SeededRandom(seed: 30)
        let points = (0..<400).map { _ in (x: -40_000 + 670_000 * generator.unit(), y: -40_000 + 610_000 * generator.unit()) }
        let script = """
            import sys, pyproj
            t = pyproj.Transformer.from_crs("EPSG:\(grid.epsg)", "EPSG:4326", always_xy=True)
            for line in sys.stdin:
                x, y = map(float, line.split())
                lon, lat = t.transform(x, y)
                print(f"{lat:.10f} {lon:.10f}")
            """
        // Python is waited for on a thread of its own: a test that blocks one of the two threads
        // Swift's tasks share holds up every other test's tasks meanwhile.
        let input = Array(points.map { "\($0.x) \($0.y)\n" }.joined().utf8)
        let (status, output) = try ChildProcess.run("/usr/bin/env", ["python3", "-c", script], input: input)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        try #require(status == 0 && lines.count == points.count, "pyproj answered (make unit installs it)")
        var worst = 0.0
        for (point, line) in zip(points, lines) {
            let numbers = line.split(separator: " ").compactMap { Double($0) }
            let theirs = GeoPoint(latitude: numbers[0], longitude: numbers[1])
            guard theirs.isInKorea else { continue }
            let ours = try #require(grid.point(x: point.x, y: point.y), "\(point) is in Korea")
            worst = max(worst, ours.kilometres(to: theirs) * 1000)
        }
        #expect(worst < 1, "worst difference \(worst) m")
    }

    @Test("the two belts are 255 m apart; the register's origin is 38°N 127°E; points far outside Korea are none")
    func grids() throws {
        let origin = try #require(KoreanGrid.centralBelt.point(x: 200_000, y: 500_000))
        // The datum shift moves the origin a few hundred metres from 38°N 127°E (Bessel to WGS 84).
        #expect(origin.kilometres(to: GeoPoint(latitude: 38, longitude: 127)) < 0.5)
        let modified = try #require(KoreanGrid.modifiedCentralBelt.point(x: 200_000, y: 500_000))
        #expect(abs(origin.kilometres(to: modified) * 1000 - 254) < 5)
        #expect(KoreanGrid.register.point(x: 5_000_000, y: 0) == nil && KoreanGrid.register.point(x: .nan, y: 1) == nil)
    }

    @Test("coordinates typed as a map gives them, and kilometres")
    func typed() {
        #expect(GeoPoint(typed: "37.5665, 126.9780") == GeoPoint(latitude: 37.5665, longitude: 126.978))
        #expect(GeoPoint(typed: "37.5665N 126.9780E") == GeoPoint(latitude: 37.5665, longitude: 126.978))
        #expect(GeoPoint(typed: "37.5665") == nil && GeoPoint(typed: "서울") == nil)
        #expect(GeoPoint(typed: "126.978, 37.5665")?.isInKorea == false, "the other order is not in Korea")
        // Seoul City Hall to Busan City Hall: about 325 km.
        let seoul = GeoPoint(latitude: 37.5665, longitude: 126.978), busan = GeoPoint(latitude: 35.1798, longitude: 129.075)
        #expect(abs(seoul.kilometres(to: busan) - 325) < 3)
    }

    @Test("a place back to the grid (the clinic directory's order) lands within a centimetre of where it came from", arguments: KoreanGrid.allCases)
    func backToTheGrid(grid: KoreanGrid) throws {
        var generator = SeededRandom(seed: 39)
        for _ in 0..<200 {
            let (x, y) = (100_000 + 300_000 * generator.unit(), 100_000 + 400_000 * generator.unit())
            guard let place = grid.point(x: x, y: y) else { continue }
            let back = try #require(grid.grid(of: place))
            #expect(abs(back.x - x) < 0.01 && abs(back.y - y) < 0.01, "\(x), \(y) came back as \(back)")
        }
    }
}
