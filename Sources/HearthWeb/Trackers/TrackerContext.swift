import HearthStore
import Hummingbird

/// `/trackers/:id/…`: the tracker, if the member may see it.
struct TrackerContext: LoadedContext {
    var app: AppRequestContext
    let tracker: Tracker

    init(app: AppRequestContext, loaded: Tracker) {
        self.app = app
        self.tracker = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    func loadingTracker(_ trackers: TrackerRepository) -> RouterGroup<TrackerContext> {
        loading(TrackerContext.self, gone: "trackers.error.gone") { id, context in try trackers.tracker(id: id, access: context.access) }
    }
}
