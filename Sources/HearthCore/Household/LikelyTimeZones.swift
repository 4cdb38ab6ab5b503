/// The zones a household is likely in, from the browser's `Accept-Language` (its region, else
/// its language): what set-up preselects and lists first, so a Korean browser starts on
/// Asia/Seoul rather than the server's UTC.
public enum LikelyTimeZones {
    /// By region; the first is the one preselected.
    static let byRegion: [String: [String]] = [
        "KR": ["Asia/Seoul"], "JP": ["Asia/Tokyo"], "CN": ["Asia/Shanghai"], "TW": ["Asia/Taipei"], "HK": ["Asia/Hong_Kong"],
        "SG": ["Asia/Singapore"], "VN": ["Asia/Ho_Chi_Minh"], "TH": ["Asia/Bangkok"], "PH": ["Asia/Manila"], "IN": ["Asia/Kolkata"],
        "US": ["America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu"],
        "CA": ["America/Toronto", "America/Vancouver", "America/Edmonton", "America/Winnipeg", "America/Halifax", "America/St_Johns"],
        "GB": ["Europe/London"], "IE": ["Europe/Dublin"], "DE": ["Europe/Berlin"], "FR": ["Europe/Paris"],
        "AU": ["Australia/Sydney", "Australia/Melbourne", "Australia/Brisbane", "Australia/Adelaide", "Australia/Perth"],
        "NZ": ["Pacific/Auckland"],
    ]
    /// A language without a region, where one region is nearly every speaker.
    static let byLanguage: [String: String] = ["ko": "KR", "ja": "JP"]

    /// The likely zones for an `Accept-Language` value, most likely first; none when it says nothing.
    public static func zones(acceptLanguage: String?) -> [String] {
        var zones: [String] = []
        for range in (acceptLanguage ?? "").split(separator: ",") {
            let tag = range.split(separator: ";")[0].trimmingCharacters(in: .whitespaces)
            let parts = tag.split(separator: "-").map(String.init)
            let region = parts.dropFirst().first { $0.count == 2 }?.uppercased() ?? parts.first.flatMap { byLanguage[$0.lowercased()] }
            for zone in region.flatMap({ byRegion[$0] }) ?? [] where !zones.contains(zone) && TimeZones.isKnown(zone) { zones.append(zone) }
        }
        return zones
    }

    /// What set-up preselects: the machine's own zone when it is one of the likely ones (or
    /// nothing is likely), else the most likely.
    public static func preselected(acceptLanguage: String?, machine: String = TimeZones.machine) -> String {
        let likely = zones(acceptLanguage: acceptLanguage)
        return likely.isEmpty || likely.contains(machine) ? machine : likely[0]
    }
}
