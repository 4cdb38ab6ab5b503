import CGD
import Foundation
@testable import HearthImaging

/// Files written by others that the tests carry (`Tests/Fixtures`), each folder with its licence.
let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path

func fixture(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + path)))
}

/// A decoded JPEG derivative, for looking at its pixels.
final class Picture {
    let image: gdImagePtr
    var width: Int { Int(image.pointee.sx) }
    var height: Int { Int(image.pointee.sy) }

    init(jpeg bytes: [UInt8]) throws {
        var copy = bytes
        guard let image = gdImageCreateFromJpegPtr(Int32(copy.count), &copy) else { throw CocoaError(.fileReadCorruptFile) }
        self.image = image
    }

    deinit { gdImageDestroy(image) }

    /// Mean colour of a cell of a `grid`×`grid` division of the picture.
    func cell(_ column: Int, _ row: Int, grid: Int) -> (r: Double, g: Double, b: Double) {
        let x0 = column * width / grid, x1 = (column + 1) * width / grid
        let y0 = row * height / grid, y1 = (row + 1) * height / grid
        var r = 0.0, g = 0.0, b = 0.0
        for y in y0..<y1 {
            for x in x0..<x1 {
                let pixel = image.pointee.tpixels[y]![x]
                r += Double((pixel >> 16) & 0xFF)
                g += Double((pixel >> 8) & 0xFF)
                b += Double(pixel & 0xFF)
            }
        }
        let n = Double((x1 - x0) * (y1 - y0))
        return (r / n, g / n, b / n)
    }

    /// Mean absolute difference of the two pictures' cell colours (0…255).
    func difference(from other: Picture, grid: Int = 8) -> Double {
        var total = 0.0
        for row in 0..<grid {
            for column in 0..<grid {
                let a = cell(column, row, grid: grid), b = other.cell(column, row, grid: grid)
                total += abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b)
            }
        }
        return total / Double(grid * grid * 3)
    }
}

/// Encodes a gd image as `format` with libgd, for tests of formats the fixtures lack.
func encode(_ image: gdImagePtr, as format: ImageFormat) -> [UInt8]? {
    var size: Int32 = 0
    let pointer: UnsafeMutableRawPointer? =
        switch format {
        case .png: gdImagePngPtr(image, &size)
        case .gif: gdImageGifPtr(image, &size)
        case .webp: gdImageWebpPtr(image, &size)
        case .avif: gdImageAvifPtr(image, &size)
        case .heif: gdImageHeifPtr(image, &size)
        case .jpeg: gdImageJpegPtr(image, &size, 90)
        }
    guard let pointer, size > 0 else { return nil }
    defer { gdFree(pointer) }
    return Array(UnsafeRawBufferPointer(start: pointer, count: Int(size)))
}

/// A 300×200 picture: red left half, blue right half, with a transparent band at the top.
func twoColourPicture() -> gdImagePtr {
    let image = gdImageCreateTrueColor(300, 200)!
    gdImageAlphaBlending(image, 0)
    gdImageSaveAlpha(image, 1)
    gdImageFilledRectangle(image, 0, 0, 149, 199, 0xFF0000)
    gdImageFilledRectangle(image, 150, 0, 299, 199, 0x0000FF)
    gdImageFilledRectangle(image, 0, 0, 299, 19, 0x7F00_0000)  // alpha 127: fully transparent
    return image
}
