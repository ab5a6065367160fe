import PanelEngine

/// A screen encoder that records each call and makes a "file" naming the frame it was begun
/// on and the rows it took: `png frame F rows R`.
final class FakeScreenEncoder: ScreenEncoder {
    var calls: [String] = []
    var frameNumber: UInt64 = 1
    /// The picture's rows and row size (an 800x480 RGB screen).
    var heightPx = 480
    var rowBytes = 800 * 3
    /// What `begin` answers (nil: it begins).
    var beginRefusal: String?
    private(set) var rowsLeft = 0
    private var begunFrame: UInt64 = 0
    private var rowsTaken = 0

    func begin() -> String? {
        calls.append("begin \(frameNumber)")
        if let beginRefusal { return beginRefusal }
        begunFrame = frameNumber
        rowsLeft = heightPx
        rowsTaken = 0
        return nil
    }

    func encode(rows: Int) -> String? {
        calls.append("encode \(rows)")
        rowsLeft -= rows
        rowsTaken += rows
        return nil
    }

    func finish() -> Result<[UInt8], ScreenEncodingError> {
        calls.append("finish")
        return .success(Array("png frame \(begunFrame) rows \(rowsTaken)".utf8))
    }
}
