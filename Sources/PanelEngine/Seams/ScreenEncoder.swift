/// The picture on the screen made into a PNG a share at a time (`[mqtt] mirror`): the seam
/// between the mirror's pacing (`ScreenMirror`, here) and libpng (the drivers), so that the
/// pacing is tested against a fake that records each call.
public protocol ScreenEncoder: AnyObject {
    /// Counts the frames painted: a new number is a new picture. It goes on across pictures
    /// painted into another buffer (a page flip).
    var frameNumber: UInt64 { get }
    /// Starts a PNG of the picture shown now, dropping one under way; nil, or why it cannot
    /// (no display yet).
    func begin() -> String?
    /// Deflates up to `rows` more rows of the picture begun; nil, or why it cannot.
    func encode(rows: Int) -> String?
    /// The bytes of one row of the picture begun, as RGB.
    var rowBytes: Int { get }
    /// The rows of the picture begun that are not deflated yet.
    var rowsLeft: Int { get }
    /// The file's bytes, once `rowsLeft` is 0; the encoder then holds no picture.
    func finish() -> Result<[UInt8], ScreenEncodingError>
}

/// Why a picture of the screen could not be made, in libpng's words or ours.
public struct ScreenEncodingError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
