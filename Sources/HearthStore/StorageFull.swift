import Foundation
import GRDB

/// Whether an error means the disk holding the data folder is full: SQLite's
/// SQLITE_FULL (error 13), or ENOSPC / EDQUOT from a file write, however Foundation
/// wrapped it. The household gets a page that says so instead of a generic 500.
public enum StorageFull {
    public static func isCause(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError { return error.resultCode == .SQLITE_FULL }
        if let error = error as? CocoaError, error.code == .fileWriteOutOfSpace { return true }
        if let error = error as? POSIXError { return [.ENOSPC, .EDQUOT].contains(error.code) }
        let bridged = error as NSError
        if bridged.domain == NSPOSIXErrorDomain { return [Int(ENOSPC), Int(EDQUOT)].contains(bridged.code) }
        if bridged.domain == NSCocoaErrorDomain { return bridged.code == CocoaError.fileWriteOutOfSpace.rawValue }
        if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? any Error { return isCause(underlying) }
        return false
    }
}
