import Testing
@testable import HearthImaging

@Suite("Demo pictures")
struct DemoPicturesTests {
    @Test("seed-demo's drawn pictures are six different photos the pipeline accepts")
    func drawn() throws {
        let pictures = DemoPictures.draw(count: 6)
        #expect(pictures.count == 6)
        let photos = try pictures.map { try PhotoProcessor.process($0) }
        #expect(Set(photos.map(\.sha256)).count == 6)
        #expect(photos.allSatisfy { $0.format == .jpeg && $0.width == 1800 && $0.height == 1200 })
    }
}
