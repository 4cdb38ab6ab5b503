import HearthStore
import Hummingbird

/// `/me/tokens/:id/…`: one of the signed-in member's own tokens (404 for anyone else's).
struct APITokenContext: LoadedContext {
    var app: AppRequestContext
    let token: APIToken

    init(app: AppRequestContext, loaded: APIToken) {
        self.app = app
        self.token = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    func loadingOwnToken(_ tokens: APITokenRepository) -> RouterGroup<APITokenContext> {
        loading(APITokenContext.self) { id, context in
            try tokens.tokens(accountID: try context.requireMember().accountID).first { $0.id == id }
        }
    }
}
