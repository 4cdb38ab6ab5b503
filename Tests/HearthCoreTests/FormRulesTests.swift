import Foundation
import HearthCore
import Testing

@Suite("Form rules")
struct FormRulesTests {
    @Test("Accept-Language picks the best language we speak")
    func negotiate() {
        #expect(Language.negotiate(acceptLanguage: "ko-KR,ko;q=0.9,en-US;q=0.8") == .ko)
        #expect(Language.negotiate(acceptLanguage: "fr-FR, en;q=0.5, ko;q=0.7") == .ko)
        #expect(Language.negotiate(acceptLanguage: "en-GB") == .en)
        #expect(Language.negotiate(acceptLanguage: "fr, de") == nil)
        #expect(Language.negotiate(acceptLanguage: "ko;q=0, en;q=0.1") == .en)
        #expect(Language.negotiate(acceptLanguage: nil) == nil)
    }

    @Test("a new member: usernames are lowercased, the display name defaults, passwords need 10 characters and at most 72 bytes")
    func newMember() {
        guard case .valid(let member) = NewMember.validate(["username": "  Mina ", "password": "0123456789", "role": "adult"]) else {
            Issue.record("expected valid")
            return
        }
        #expect(member.username == "mina")
        #expect(member.displayName == "mina")
        #expect(member.language == nil)

        guard
            case .invalid(let errors) = NewMember.validate([
                "username": "mi na", "password": String(repeating: "가", count: 25), "role": "boss", "language": "fr",
            ])
        else {
            Issue.record("expected invalid")
            return
        }
        #expect(errors["username"] == "error.username.characters")
        #expect(errors["password"] == "error.password.long", "25 Korean characters are 75 bytes")
        #expect(errors["role"] == "error.role.unknown")
        #expect(errors["language"] == "error.language.unknown")

        guard case .invalid(let short) = NewMember.validate(["username": "jun", "password": "123456789", "role": "viewer"]) else {
            Issue.record("expected invalid")
            return
        }
        #expect(short["password"] == "error.password.short")
    }

    @Test("household settings need a name, a real time zone, a language and known units")
    func settings() {
        guard case .valid(let settings) = HouseholdSettings.validate(["household_name": " Kims ", "time_zone": "Asia/Seoul", "language": "ko"]) else {
            Issue.record("expected valid")
            return
        }
        #expect(settings == HouseholdSettings(name: "Kims", timeZone: "Asia/Seoul", language: .ko, weightUnit: .kg, volumeUnit: .ml))
        guard
            case .invalid(let errors) = HouseholdSettings.validate([
                "household_name": "", "time_zone": "Asia/Atlantis", "language": "ko", "weight_unit": "stone",
            ])
        else {
            Issue.record("expected invalid")
            return
        }
        #expect(errors.messages.keys.sorted() == ["household_name", "time_zone", "weight_unit"])
    }

    @Test("roles: only owners manage the household, viewers record nothing")
    func roles() {
        #expect(Role.owner.canManageHousehold && Role.owner.canRecord)
        #expect(!Role.adult.canManageHousehold && Role.adult.canRecord)
        #expect(!Role.viewer.canManageHousehold && !Role.viewer.canRecord)
    }
}

@Suite("Time zones")
struct TimeZoneTests {
    @Test("the offered list includes UTC and the machine's zone")
    func offered() {
        #expect(TimeZones.all.contains("UTC"))
        #expect(TimeZones.all.contains("Asia/Seoul"))
        #expect(TimeZones.all.contains(TimeZones.machine))
        #expect(!TimeZones.isKnown("Mars/Olympus"))
        #expect(!TimeZones.isKnown(""))
    }
}

@Suite("Local dates")
struct LocalDateTests {
    @Test("day arithmetic agrees with Foundation's calendar over centuries, leap days included")
    func arithmetic() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for days in stride(from: -80_000, through: 80_000, by: 97) {
            let instant = Date(timeIntervalSince1970: Double(days) * 86400 + 3600)
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            let date = LocalDate(instant, in: calendar.timeZone)
            let expected: [Int] = [parts.year!, parts.month!, parts.day!]
            #expect([date.year, date.month, date.day] == expected)
            #expect(date.daysSince1970 == days)
        }
        #expect(LocalDate("2024-02-28")!.adding(days: 1) == LocalDate("2024-02-29"))
        #expect(LocalDate("2023-02-28")!.adding(days: 1) == LocalDate("2023-03-01"))
        #expect(LocalDate("2024-02-29")!.minus(years: 1) == LocalDate("2023-02-28"))
        #expect(LocalDate("2023-02-29") == nil)
        #expect(LocalDate(" 2024-03-01\t") == LocalDate(year: 2024, month: 3, day: 1))
        #expect(LocalDate(year: 987, month: 3, day: 1)!.description == "0987-03-01")
        #expect(LocalDate(year: 2026, month: 11, day: 22)!.description == "2026-11-22")
        for text in ["2024-3-01", "+024-03-01", "2024/03/01", "2024-03-01x", "２０２４-03-01", "", "yesterday"] {
            #expect(LocalDate(text) == nil, "\(text)")
        }
    }

    @Test("the local day and clock follow the zone's offset at that instant")
    func zones() {
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        let instant = Date(timeIntervalSince1970: 1_795_357_800)  // 2026-11-22 14:30 UTC
        #expect(LocalDate(instant, in: seoul) == LocalDate("2026-11-22"))
        #expect(LocalTime.clock(instant, in: seoul) == "23:30")
        #expect(LocalDate(instant.addingTimeInterval(3600), in: seoul) == LocalDate("2026-11-23"))
        #expect(LocalTime.clock(Date(timeIntervalSince1970: -60), in: TimeZone(identifier: "UTC")!) == "23:59")
    }
}
