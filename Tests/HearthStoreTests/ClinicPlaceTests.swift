import Foundation
import GRDB
import HearthCore
import Testing
@testable import HearthStore

/// "Nearest first" through the R*Tree (v37) gives the very order of sorting every clinic by its
/// distance from home (then by id), the clinics with no place after them by name, on every page.
@Suite("Clinics nearest home, through their places")
struct ClinicPlaceTests {
    @Test("every page of 'nearest first' is the brute-force order, near home and far from every clinic, after a clinic moves or goes")
    func sameOrderAsSortingAll() async throws {
        let database = try AppDatabase.inMemory()
        var random = SystemRandomNumberGenerator()
        let clinics = (0..<3_000).map { n in
            // Clustered as a country's are (a city, the towns), some with no place at all.
            let city = n % 3 == 0
            let x = city ? 200_000 + Double.random(in: 0...5_000, using: &random) : Double.random(in: 100_000...500_000, using: &random)
            let y = city ? 450_000 + Double.random(in: 0...5_000, using: &random) : Double.random(in: 100_000...700_000, using: &random)
            return LicensedClinic(
                key: "k\(n)", name: "clinic \(String(format: "%04d", (n * 7919) % 3_000))", phone: nil, address: nil, district: nil, maybe24Hours: false,
                mapX: n % 50 == 0 ? nil : x.rounded(), mapY: n % 50 == 0 ? nil : y.rounded())
        }
        let repository = ClinicRepository(database)
        _ = try await repository.importLicensed(clinics)
        try await database.write { db in try db.execute(sql: "UPDATE clinic SET favourite = 1 WHERE id % 97 = 0") }

        func bruteForce(x: Double, y: Double) throws -> [Int64] {
            try database.read { db in
                try Int64.fetchAll(
                    db,
                    sql: """
                        SELECT id FROM clinic WHERE NOT favourite AND map_x IS NOT NULL AND map_y IS NOT NULL
                        ORDER BY (map_x - ?1) * (map_x - ?1) + (map_y - ?2) * (map_y - ?2), id
                        """, arguments: [x, y])
                    + Int64.fetchAll(db, sql: "SELECT id FROM clinic WHERE NOT favourite AND (map_x IS NULL OR map_y IS NULL) ORDER BY name COLLATE NOCASE")
            }
        }
        func check(x: Double, y: Double) throws {
            let all = try bruteForce(x: x, y: y)
            for offset in [0, 20, 40, 980, all.count - 70, all.count - 20, all.count] {
                let page = try repository.nearest(x: x, y: y, offset: offset, limit: 20)
                #expect(page.total == all.count)
                #expect(page.ids == Array(all.dropFirst(offset).prefix(20)), "page at \(offset) from (\(x), \(y))")
            }
        }
        try check(x: 202_000, y: 452_000)  // in the city
        try check(x: 300_000, y: 400_000)  // in the country
        try check(x: -5_000_000, y: 9_000_000)  // far from every clinic
        // One moves (the register's next import), one goes: the places follow.
        _ = try await repository.importLicensed([
            LicensedClinic(key: "k1", name: "clinic moved", phone: nil, address: nil, district: nil, maybe24Hours: false, mapX: 202_001, mapY: 452_001)
        ])
        try await database.write { db in try db.execute(sql: "DELETE FROM clinic WHERE licence_key = 'k2'") }
        try check(x: 202_000, y: 452_000)
        #expect(try repository.nearest(x: 202_001, y: 452_001, offset: 0, limit: 1).ids.count == 1)
    }
}
