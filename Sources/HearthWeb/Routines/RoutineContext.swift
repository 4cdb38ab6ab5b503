import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// `/routines/:id/…`: the routine with its recent marks, loaded once for the member (404 when
/// it is gone or hidden).
struct RoutineContext: LoadedContext {
    var app: AppRequestContext
    let routine: Routine

    init(app: AppRequestContext, loaded: Routine) {
        self.app = app
        self.routine = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    func loadingRoutine(_ routines: RoutineRepository, now: @escaping @Sendable () -> Date) -> RouterGroup<RoutineContext> {
        loading(RoutineContext.self, gone: "routines.error.gone") { id, context in
            try routines.routine(id: id, access: context.access, today: LocalDate(now(), in: context.timeZone))
        }
    }
}
