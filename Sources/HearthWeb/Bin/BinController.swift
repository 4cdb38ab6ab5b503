import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/bin`: what the member may see of the bin; `POST /bin/put-back` (kind, id) and the
/// owner's `POST /bin/empty`.
struct BinController {
    let renderer: Renderer
    let bin: BinRepository
    let pets: PetRepository
    let intake: PhotoIntake
    let now: @Sendable () -> Date

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireMember()
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let days = try bin.keeping().binDays
        let items = try bin.items(access: context.access)
        let notice: String? =
            switch request.uri.queryParameters.get("done") {
            case "put-back": format.t("bin.put_back_done")
            case let done? where done.hasPrefix("emptied-"): format.t("bin.emptied", ["n": String(done.dropFirst(8))])
            default: nil
            }
        var archivedPet: BinPage.ArchivedPet?
        if context.role?.canRecord == true, let id = request.uri.queryParameters.get("archived").flatMap({ Int64($0) }),
            let pet = try await pets.pet(id: id, access: context.access), pet.isArchived
        {
            let name = pet.profile.name
            archivedPet = BinPage.ArchivedPet(
                said: format.t("bin.pet_archived", ["name": name]), action: PetRoutes.unarchive(pet.id),
                button: format.t("bin.unarchive_pet", ["name": name]))
        }
        let page = BinPage(
            intro: format.t("bin.intro", ["days": String(days)]), notice: notice,
            archivedPet: archivedPet,
            rows: BinHTML.rows(items, days: days, canPutBack: context.role?.canRecord == true, csrf: context.csrfToken, format: format),
            canEmpty: context.role?.canManageHousehold == true && !items.isEmpty)
        return renderer.page(page, titleKey: "bin.title", request: request, context: context)
    }

    @Sendable func putBack(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        // A kind or id that cannot be one is as much "not in the bin" as one put back already.
        guard let kind = input["kind"].flatMap(BinItem.Kind.init(rawValue:)), let id = input["id"].flatMap({ Int64($0) }) else {
            throw PageError(status: .notFound, messageKey: "bin.error.not_there")
        }
        // Its pet archived: the bin says so and offers to bring the pet back too.
        let archived = try await bin.putBack(kind, id: id, access: context.access, now: now())
        return .redirect(to: BinRoutes.bin.pattern + "?done=put-back" + (archived.map { "&archived=\($0.id)" } ?? ""), type: .normal)
    }

    @Sendable func empty(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (removed, photos) = try await bin.empty(deletedBefore: nil)
        await intake.cleanUp(photos)
        return .redirect(to: BinRoutes.bin.pattern + "?done=emptied-\(removed)", type: .normal)
    }
}
