import HearthCore
import HearthStore
import Hummingbird

/// Marks a flag seen: by a member who may record for the subject, at the level it has now.
struct FlagsController: Sendable {
    let database: AppDatabase
    var flags: FlagRepository { FlagRepository(database) }

    @Sendable func markSeen(_ request: Request, context: SubjectContext) async throws -> Response {
        let (subject, context) = (context.subject, context.app)
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        try context.requireRecorder(for: subject.id)
        let member = try context.requireMember()
        let back = input["back"].flatMap { SameSitePath.isSafe($0) && $0.hasPrefix("/") ? $0 : nil } ?? subject.kind.page(subject.id)
        let today = LocalDate(context.now, in: context.timeZone)
        // Only a flag raised now, at the level it has now: a stale page's button marks nothing.
        let raised =
            try database.snapshot { snapshot in
                try FlagRepository.flags([subject], access: context.access, today: today, now: context.now, timeZone: context.timeZone, in: snapshot)
            }.first?.raised.map(\.flag) ?? []
        // A flag gone meanwhile: back to the page, which no longer shows it; nothing is written.
        guard let flag = raised.first(where: { $0.key == input["key"] }) else { return .redirect(to: back, type: .normal) }
        try await flags.markSeen(subjectID: subject.id, key: flag.key, level: flag.level, memberID: member.accountID, today: today, now: context.now)
        return .redirect(to: back, type: .normal)
    }
}
