import Foundation
import HearthCore
import HearthStore

/// The demo household's clinic directory.
enum HealthDemo: DemoStep {
    static let rank = 10

    static func seed(_ demo: DemoContext) async throws {
        demo.clinics = try await seedClinics(demo.database)
    }

    /// A clinic directory: the household's own (a favourite, a night clinic, a 24-hour one)
    /// and forty from the licence register across a few districts.
    static func seedClinics(_ database: AppDatabase) async throws -> (regular: Int64, night: Int64) {
        let clinics = ClinicRepository(database)
        var weekdays = OpeningHours()
        for day in 1...5 { weekdays.days[day] = OpeningHours.parseDay("09:00-12:30, 14:00-19:00")! }
        weekdays.days[6] = OpeningHours.parseDay("09:00-14:00")!
        let regular = try await clinics.create(
            ClinicInput(
                name: "Mapo Animal Clinic", phone: "02-335-1234", address: "서울특별시 마포구 양화로 45", hours: weekdays, favourite: true, note: "Dr Han knows Bori."))
        var nights = OpeningHours()
        for day in 0..<7 { nights.days[day] = OpeningHours.parseDay("20:00-02:00")! }
        let night = try await clinics.create(ClinicInput(name: "Hongdae Night Vet", phone: "02-322-7575", address: "서울특별시 마포구 와우산로 21", hours: nights))
        _ = try await clinics.create(
            ClinicInput(name: "Seoul 24 Animal Medical Center", phone: "02-555-2424", address: "서울특별시 강남구 테헤란로 100", open24Hours: true))
        let districts = ["서울특별시 마포구", "서울특별시 서대문구", "서울특별시 강남구", "경기도 고양시 일산동구"]
        let register = (1...40).map { number in
            LicensedClinic(
                key: "demo-\(number)", name: number % 10 == 0 ? "24시 동물병원 \(number)" : "동물병원 \(number)", phone: "02-700-\(String(format: "%04d", number))",
                address: "\(districts[number % districts.count]) 예시로 \(number)", district: districts[number % districts.count], maybe24Hours: number % 10 == 0,
                mapX: nil, mapY: nil)
        }
        _ = try await clinics.importLicensed(register)
        return (regular, night)
    }
}
