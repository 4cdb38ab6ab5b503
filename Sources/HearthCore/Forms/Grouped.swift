extension BinaryInteger {
    /// The number with commas between thousands, as both languages write it: "20,000".
    public var grouped: String {
        var whole = String(self.magnitude), grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        return (self < 0 ? "-" : "") + whole + grouped
    }
}
