import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("On this day")
struct OnThisDayTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    @Test("earlier years' same day, newest first; 29 February is recalled on 28 February of a year without one")
    func days() {
        let days = OnThisDay.days(before: LocalDate("2026-11-27")!)
        #expect(days.prefix(3).map(\.description) == ["2025-11-27", "2024-11-27", "2023-11-27"])
        #expect(!days.contains(LocalDate("2026-11-27")!))
        let february = OnThisDay.days(before: LocalDate("2027-02-28")!).map(\.description)
        #expect(february.prefix(3) == ["2026-02-28", "2025-02-28", "2024-02-28"] && february.contains("2024-02-29"))
        #expect(!OnThisDay.days(before: LocalDate("2028-02-28")!).map(\.description).contains("2024-02-29"), "a leap year has its own 29th")
    }

    @Test(
        "the home page recalls this day's photos and diaries of the nearest earlier year; the gallery has the same as a filter; a limited member sees only theirs"
    )
    func homeAndGallery() async throws {
        // 27 November 2026, 09:00 in Seoul.
        try await withHearth(clock: { ISO8601DateFormatter().date(from: "2026-11-27T00:00:00Z")! }) { hearth, client in
            let owner = Browser(client)
            try await owner.setUpHousehold(language: "ko")
            let tori = try await owner.addPet("토리", species: "dog")
            let nabi = try await owner.addPet("나비", species: "cat")
            let entries = EntryRepository(hearth.database)
            func record(_ subject: Int64, _ at: String, _ details: RecordDetails, photo: Int? = nil) async throws -> Int64 {
                let instant = ISO8601DateFormatter().date(from: at)!
                let photos = photo.map {
                    [PhotoRecord(sha256: String(format: "%064x", $0), format: "jpeg", width: 800, height: 600, byteCount: 100, takenAt: nil)]
                }
                return try await entries.create(
                    subjectID: subject, RecordInput(occurredAt: instant, localDate: LocalDate(instant, in: Self.seoul), note: nil, details: details),
                    photos: photos ?? [], createdBy: nil)
            }
            // 27 Nov 2023 in Seoul (a photo of 토리), 27 Nov 2025 (나비's diary), and days that are not this day.
            _ = try await record(tori, "2023-11-27T03:00:00Z", .walk(activity: .walk, minutes: 30, distanceKm: nil), photo: 1)
            let diary = try await record(nabi, "2025-11-27T10:00:00Z", .diary(title: "첫눈 온 날", text: "창밖을 한참 봤다"))
            _ = try await record(tori, "2025-11-26T16:00:00Z", .diary(title: "전날 밤", text: nil), photo: 2)  // 27 Nov 01:00 in Seoul
            _ = try await record(tori, "2025-11-27T15:30:00Z", .diary(title: "다음 날", text: nil), photo: 3)  // 28 Nov 00:30 in Seoul
            _ = try await record(tori, "2026-11-27T00:00:00Z", .diary(title: "오늘", text: nil), photo: 4)  // today is not an earlier year

            let home = try await owner.get("/").text
            #expect(home.contains("지난 오늘"))
            #expect(home.contains("1년 전 오늘") && !home.contains("3년 전 오늘"), "the nearest earlier year on home; the gallery has them all")
            #expect(home.contains("첫눈 온 날") && home.contains("#record-\(diary)"))
            #expect(home.contains("전날 밤"), "01:00 on the 27th in Seoul is the 27th")
            #expect(!home.contains("다음 날") && !home.contains(">오늘<"))
            #expect(home.contains(String(format: "%064x", 2) + "-320.jpg") && !home.contains(String(format: "%064x", 1) + "-320.jpg"))

            let gallery = try await owner.get("/gallery?onthisday=1").text
            #expect(gallery.contains(String(format: "%064x", 1) + "-320.jpg") && gallery.contains(String(format: "%064x", 2) + "-320.jpg"))
            #expect(!gallery.contains(String(format: "%064x", 3) + "-320.jpg") && !gallery.contains(String(format: "%064x", 4) + "-320.jpg"))
            #expect(gallery.contains(#"aria-current="page">지난 오늘"#))

            // A sitter who sees only 나비: 나비's diary, none of 토리's photos.
            let sitter = try await owner.addMember("sitter", role: .viewer, database: hearth.database)
            try await AccountRepository(hearth.database).setAccess(.only([nabi]), accountID: sitter)
            let browser = Browser(client)
            try await browser.signIn("sitter", "member password 1")
            let theirs = try await browser.get("/").text
            #expect(theirs.contains("첫눈 온 날") && !theirs.contains(String(format: "%064x", 1) + "-320.jpg"))
            #expect(!(try await browser.get("/gallery?onthisday=1").text.contains(String(format: "%064x", 1) + "-320.jpg")))
        }
    }
}
