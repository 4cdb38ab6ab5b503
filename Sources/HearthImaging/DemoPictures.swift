import CGD
import Foundation

/// Pictures for `hearth seed-demo`, drawn with libgd so the demo needs no files from
/// anywhere: a sky, a sun and a hill in a different light each, as a camera's JPEG.
public enum DemoPictures {
    /// `count` JPEGs, 1800×1200 like a phone photo shrunk for sharing.
    public static func draw(count: Int) -> [[UInt8]] {
        (0..<count).compactMap(picture)
    }

    private static func picture(_ index: Int) -> [UInt8]? {
        let width: Int32 = 1800, height: Int32 = 1200
        guard let image = gdImageCreateTrueColor(width, height) else { return nil }
        defer { gdImageDestroy(image) }
        let hue = Double(index) / 6
        // Sky: a vertical gradient from the picture's hue to a pale horizon.
        let top = colour(hue: hue, saturation: 0.55, value: 0.85), horizon = colour(hue: hue + 0.08, saturation: 0.15, value: 1)
        for y in 0..<height * 2 / 3 {
            let t = Double(y) / Double(height * 2 / 3)
            gdImageLine(image, 0, y, width - 1, y, mix(top, horizon, t))
        }
        // Sun, hill, and a little house so each picture has a top and a left.
        let sunX = 300 + Int32(index % 3) * 500
        gdImageFilledEllipse(image, sunX, 260, 220, 220, colour(hue: 0.13, saturation: 0.7, value: 1))
        gdImageFilledRectangle(image, 0, height * 2 / 3, width - 1, height - 1, colour(hue: 0.3 + hue / 4, saturation: 0.6, value: 0.55))
        gdImageFilledEllipse(image, width / 3, height * 2 / 3 + 40, width, 380, colour(hue: 0.28 + hue / 4, saturation: 0.65, value: 0.6))
        gdImageFilledRectangle(image, 1250, 620, 1450, 800, colour(hue: 0.05, saturation: 0.5, value: 0.9))
        var roof = [gdPoint(x: 1220, y: 620), gdPoint(x: 1350, y: 500), gdPoint(x: 1480, y: 620)]
        gdImageFilledPolygon(image, &roof, 3, colour(hue: 0, saturation: 0.7, value: 0.6))
        var size: Int32 = 0
        guard let bytes = gdImageJpegPtr(image, &size, 85), size > 0 else { return nil }
        defer { gdFree(bytes) }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(size)))
    }

    private static func colour(hue: Double, saturation: Double, value: Double) -> Int32 {
        let h = (hue - hue.rounded(.down)) * 6, sector = Int(h), f = h - Double(sector)
        let p = value * (1 - saturation), q = value * (1 - saturation * f), t = value * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double) =
            switch sector {
            case 0: (value, t, p)
            case 1: (q, value, p)
            case 2: (p, value, t)
            case 3: (p, q, value)
            case 4: (t, p, value)
            default: (value, p, q)
            }
        return Int32(r * 255) << 16 | Int32(g * 255) << 8 | Int32(b * 255)
    }

    private static func mix(_ a: Int32, _ b: Int32, _ t: Double) -> Int32 {
        func channel(_ shift: Int32) -> Int32 {
            let x = Double((a >> shift) & 0xFF), y = Double((b >> shift) & 0xFF)
            return Int32(x + (y - x) * t) << shift
        }
        return channel(16) | channel(8) | channel(0)
    }
}
