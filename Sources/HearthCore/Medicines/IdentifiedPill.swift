import Foundation

/// One pill of the public pill-identification list (의약품 낱알식별): what is printed on it,
/// its shape, colours and score lines, and the product it is.
public struct IdentifiedPill: Sendable, Equatable {
    public let itemSeq: String
    public let name: String
    public let company: String?
    public let printFront: String?
    public let printBack: String?
    public let shape: String?
    public let colourFront: String?
    public let colourBack: String?
    public let lineFront: String?
    public let lineBack: String?
    /// 정제, 경질캡슐제 …
    public let form: String?
    /// 크기장축 × 크기단축, in millimetres, as the list writes them.
    public let size: String?

    public init(
        itemSeq: String, name: String, company: String?, printFront: String?, printBack: String?, shape: String?, colourFront: String?,
        colourBack: String?, lineFront: String?, lineBack: String?, form: String?, size: String?
    ) {
        (self.itemSeq, self.name, self.company, self.printFront, self.printBack, self.shape) = (itemSeq, name, company, printFront, printBack, shape)
        (self.colourFront, self.colourBack, self.lineFront, self.lineBack, self.form, self.size) = (colourFront, colourBack, lineFront, lineBack, form, size)
    }
}
