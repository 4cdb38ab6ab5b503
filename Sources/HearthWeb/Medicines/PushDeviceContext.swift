import HearthStore
import Hummingbird

/// `/me/devices/:id/…`: one of the signed-in member's own devices (404 for anyone else's).
struct PushDeviceContext: LoadedContext {
    var app: AppRequestContext
    let device: PushDevice

    init(app: AppRequestContext, loaded: PushDevice) {
        self.app = app
        self.device = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    func loadingOwnDevice(_ devices: PushDeviceRepository) -> RouterGroup<PushDeviceContext> {
        loading(PushDeviceContext.self) { id, context in
            try devices.devices(accountID: try context.requireMember().accountID).first { $0.id == id }
        }
    }
}
