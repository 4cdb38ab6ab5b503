import Foundation

/// A place on the earth in WGS 84 degrees, as phones and maps give it.
public struct GeoPoint: Sendable, Equatable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) { (self.latitude, self.longitude) = (latitude, longitude) }

    /// Roughly South Korea and its islands (Marado to the DMZ, Baengnyeong to Dokdo), with a margin:
    /// a point outside is a typo or the other order.
    public var isInKorea: Bool { (32.5...39.5).contains(latitude) && (123.5...132.5).contains(longitude) }

    /// Great-circle kilometres (the mean earth radius): ample for "1.2 km" between home and a clinic.
    public func kilometres(to other: GeoPoint) -> Double {
        let (φ1, φ2) = (latitude * .pi / 180, other.latitude * .pi / 180)
        let (dφ, dλ) = (φ2 - φ1, (other.longitude - longitude) * .pi / 180)
        let h = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * 6371.0088 * asin(min(1, sqrt(h)))
    }

    /// "37.5665, 126.9780" as a map gives it (a space, a comma or both between; "N"/"E" allowed).
    public init?(typed text: String) {
        let numbers = text.uppercased().replacingOccurrences(of: "N", with: " ").replacingOccurrences(of: "E", with: " ")
            .split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        guard numbers.count == 2, let latitude = Double(numbers[0]), let longitude = Double(numbers[1]), latitude.isFinite, longitude.isFinite
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }
}

/// The animal-hospital register's coordinates (지방행정 인허가 데이터, 좌표정보(x)/(y)), which the
/// register states are 중부원점 TM, EPSG:2097: the central belt on the Bessel ellipsoid with its
/// origin at 38°N 127°E. EPSG:5174, the "modified" central belt, puts the origin 10.405″ east
/// (the old Tokyo datum's correction): the same numbers land 255 m apart, so the grid is named,
/// never guessed. To WGS 84 as PROJ does it (EPSG's "Korean 1985 to WGS 84 (1)", a
/// Molodensky–Badekas transformation): inverse transverse Mercator on Bessel, to earth-centred
/// coordinates, the datum shift, back to latitude and longitude on WGS 84. Tested against pyproj
/// at hundreds of points across the country, both grids.
public enum KoreanGrid: Sendable, CaseIterable {
    /// EPSG:2097, Korean 1985 / Central Belt: what the register states.
    case centralBelt
    /// EPSG:5174, Korean 1985 / Modified Central Belt.
    case modifiedCentralBelt

    /// The grid of the animal-hospital register.
    public static let register = KoreanGrid.centralBelt

    public var epsg: Int { self == .centralBelt ? 2097 : 5174 }

    struct Ellipsoid {
        let a: Double
        let f: Double
        var e2: Double { f * (2 - f) }
    }

    static let bessel = Ellipsoid(a: 6_377_397.155, f: 1 / 299.1528128)
    static let wgs84 = Ellipsoid(a: 6_378_137, f: 1 / 298.257223563)

    /// The belt's origin and false easting and northing.
    static let originLatitude = 38.0 * .pi / 180
    var originLongitude: Double { (self == .centralBelt ? 127.0 : 127.002890277778) * .pi / 180 }
    static let falseEasting = 200_000.0, falseNorthing = 500_000.0

    /// A point of this grid as latitude and longitude; nil when it is not in Korea (a zero, a typo).
    public func point(x: Double, y: Double) -> GeoPoint? {
        guard x.isFinite, y.isFinite else { return nil }
        let (latitude, longitude) = Self.inverseTransverseMercator(x: x, y: y, originLongitude: originLongitude)
        let shifted = Self.koreanToWGS84(Self.cartesian(latitude: latitude, longitude: longitude, on: Self.bessel))
        let (φ, λ) = Self.geodetic(shifted, on: Self.wgs84)
        let point = GeoPoint(latitude: φ * 180 / .pi, longitude: λ * 180 / .pi)
        return point.isInKorea ? point : nil
    }

    /// Where `point` lies on this grid (metres), found by Newton's method on `point(x:y:)`: a
    /// few steps from the grid's origin reach a millimetre. The clinic directory orders clinics
    /// by their grid distance from home, so no clinic's place has to be worked out to list them.
    public func grid(of target: GeoPoint) -> (x: Double, y: Double)? {
        var (x, y) = (Self.falseEasting + (target.longitude - 127) * 88_000, Self.falseNorthing + (target.latitude - 38) * 111_000)
        for _ in 0..<12 {
            guard let here = point(x: x, y: y), let east = point(x: x + 1, y: y), let north = point(x: x, y: y + 1) else { return nil }
            let (dLat, dLon) = (target.latitude - here.latitude, target.longitude - here.longitude)
            // The grid's metre east and north, in degrees: a 2×2 system for the step.
            let (a, b) = (east.latitude - here.latitude, north.latitude - here.latitude)
            let (c, d) = (east.longitude - here.longitude, north.longitude - here.longitude)
            let determinant = a * d - b * c
            guard determinant != 0, determinant.isFinite else { return nil }
            let (dx, dy) = ((d * dLat - b * dLon) / determinant, (a * dLon - c * dLat) / determinant)
            (x, y) = (x + dx, y + dy)
            if abs(dx) < 0.001 && abs(dy) < 0.001 { return (x, y) }
        }
        return (x, y)
    }

    /// Snyder's series (Map Projections: A Working Manual, 1987, p. 63), scale 1 on the meridian.
    static func inverseTransverseMercator(x: Double, y: Double, originLongitude: Double) -> (Double, Double) {
        let (a, e2) = (bessel.a, bessel.e2)
        let ep2 = e2 / (1 - e2)
        let m0 = a * (1 - e2 / 4 - 3 * e2 * e2 / 64 - 5 * e2 * e2 * e2 / 256)
        func meridian(_ φ: Double) -> Double {
            m0 * φ - a * (3 * e2 / 8 + 3 * e2 * e2 / 32 + 45 * e2 * e2 * e2 / 1024) * sin(2 * φ)
                + a * (15 * e2 * e2 / 256 + 45 * e2 * e2 * e2 / 1024) * sin(4 * φ) - a * (35 * e2 * e2 * e2 / 3072) * sin(6 * φ)
        }
        let mu = (meridian(originLatitude) + (y - falseNorthing)) / m0
        let e1 = (1 - sqrt(1 - e2)) / (1 + sqrt(1 - e2))
        let φ1 =
            mu + (3 * e1 / 2 - 27 * pow(e1, 3) / 32) * sin(2 * mu) + (21 * e1 * e1 / 16 - 55 * pow(e1, 4) / 32) * sin(4 * mu)
            + (151 * pow(e1, 3) / 96) * sin(6 * mu) + (1097 * pow(e1, 4) / 512) * sin(8 * mu)
        let n1 = a / sqrt(1 - e2 * sin(φ1) * sin(φ1))
        let t1 = tan(φ1) * tan(φ1), c1 = ep2 * cos(φ1) * cos(φ1)
        let r1 = a * (1 - e2) / pow(1 - e2 * sin(φ1) * sin(φ1), 1.5)
        let d = (x - falseEasting) / n1
        let latitude =
            φ1 - (n1 * tan(φ1) / r1)
            * (d * d / 2 - (5 + 3 * t1 + 10 * c1 - 4 * c1 * c1 - 9 * ep2) * pow(d, 4) / 24
                + (61 + 90 * t1 + 298 * c1 + 45 * t1 * t1 - 252 * ep2 - 3 * c1 * c1) * pow(d, 6) / 720)
        let longitude =
            originLongitude + (d - (1 + 2 * t1 + c1) * pow(d, 3) / 6 + (5 - 2 * c1 + 28 * t1 - 3 * c1 * c1 + 8 * ep2 + 24 * t1 * t1) * pow(d, 5) / 120)
            / cos(φ1)
        return (latitude, longitude)
    }

    static func cartesian(latitude φ: Double, longitude λ: Double, on ellipsoid: Ellipsoid) -> (Double, Double, Double) {
        let n = ellipsoid.a / sqrt(1 - ellipsoid.e2 * sin(φ) * sin(φ))
        return (n * cos(φ) * cos(λ), n * cos(φ) * sin(λ), n * (1 - ellipsoid.e2) * sin(φ))
    }

    static func geodetic(_ point: (Double, Double, Double), on ellipsoid: Ellipsoid) -> (Double, Double) {
        let (x, y, z) = point
        let p = sqrt(x * x + y * y)
        var φ = atan2(z, p * (1 - ellipsoid.e2))
        for _ in 0..<6 {
            let n = ellipsoid.a / sqrt(1 - ellipsoid.e2 * sin(φ) * sin(φ))
            φ = atan2(z + ellipsoid.e2 * n * sin(φ), p)
        }
        return (φ, atan2(y, x))
    }

    /// EPSG's Korean 1985 to WGS 84 (1): Molodensky–Badekas, coordinate-frame rotations, about
    /// its pivot point, as PROJ applies it (small-angle rotation).
    static func koreanToWGS84(_ point: (Double, Double, Double)) -> (Double, Double, Double) {
        let second = Double.pi / 180 / 3600
        let (rx, ry, rz) = (-1.162 * second, 2.347 * second, 1.592 * second)
        let scale = 1 + 6.342e-6
        let pivot = (-3_159_521.31, 4_068_151.32, 3_748_113.85)
        let (x, y, z) = (point.0 - pivot.0, point.1 - pivot.1, point.2 - pivot.2)
        return (
            scale * (x + rz * y - ry * z) + pivot.0 - 145.907,
            scale * (-rz * x + y + rx * z) + pivot.1 + 505.034,
            scale * (ry * x - rx * y + z) + pivot.2 + 685.756
        )
    }
}
