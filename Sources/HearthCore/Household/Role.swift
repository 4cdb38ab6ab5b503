/// What a member of the household may do. Checked on the server for every request.
public enum Role: String, Codable, Sendable, CaseIterable {
    /// Everything, including accounts and household settings.
    case owner
    /// Records and edits everything but accounts and settings.
    case adult
    /// Sees everything, changes nothing: a child, a pet sitter.
    case viewer

    /// May add and edit records (pets, entries, …).
    public var canRecord: Bool { self != .viewer }

    /// May manage accounts and household settings.
    public var canManageHousehold: Bool { self == .owner }
}
