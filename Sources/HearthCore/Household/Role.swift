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

    /// Self-care: whatever their role, a member records for the person of the household who is
    /// them (`me`) — their own water, steps, weight and doses. One rule for pages and reminders.
    public func mayRecord(for subjectID: Int64?, me: Int64?) -> Bool {
        canRecord || (subjectID != nil && subjectID == me)
    }

    /// May manage accounts and household settings.
    public var canManageHousehold: Bool { self == .owner }
}
