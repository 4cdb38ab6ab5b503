import Foundation
import HearthCore
import Testing

@Suite("Sign-in lock")
struct SignInPolicyTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func minutesAgo(_ minutes: [Double]) -> [Date] { minutes.map { now.addingTimeInterval(-$0 * 60) } }

    @Test("four failures leave sign-in open")
    func fourIsFine() {
        #expect(SignInPolicy.lockedUntil(failures: minutesAgo([1, 2, 3, 4]), now: now) == nil)
    }

    @Test("five failures within 15 minutes lock for 15 minutes from the fifth")
    func fiveLocks() {
        let failures = minutesAgo([10, 8, 6, 4, 2])
        #expect(SignInPolicy.lockedUntil(failures: failures, now: now) == now.addingTimeInterval(13 * 60))
    }

    @Test("five failures spread over more than 15 minutes do not lock")
    func spreadOut() {
        #expect(SignInPolicy.lockedUntil(failures: minutesAgo([29, 22, 15, 8, 1]), now: now) == nil)
    }

    @Test("the lock ends on time")
    func lockEnds() {
        #expect(SignInPolicy.lockedUntil(failures: minutesAgo([20, 19, 18, 17, 16]), now: now) == nil)
        #expect(SignInPolicy.lockedUntil(failures: minutesAgo([20, 19, 18, 17, 14]), now: now) != nil)
    }
}
