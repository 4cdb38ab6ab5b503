import HearthStore
import Hummingbird

/// `/accounts/:id/…`: the id of an account that exists (404 otherwise), for the owner's changes to it.
struct AccountContext: LoadedContext {
    var app: AppRequestContext
    let accountID: Int64

    init(app: AppRequestContext, loaded: Int64) {
        self.app = app
        self.accountID = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    func loadingAccount(_ accounts: AccountRepository) -> RouterGroup<AccountContext> {
        loading(AccountContext.self) { id, _ in try await accounts.account(id: id)?.id }
    }
}
