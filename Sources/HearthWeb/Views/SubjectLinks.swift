import HearthStore

/// Where a subject's own page is, asked of its kind.
extension SubjectSummary.Kind {
    /// A pet's or a person's own page: `/pets/3`, `/people/2`.
    func page(_ id: Int64) -> String { self == .pet ? "/pets/\(id)" : "/people/\(id)" }
}
