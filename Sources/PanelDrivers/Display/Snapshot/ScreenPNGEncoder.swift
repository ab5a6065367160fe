import LinuxSystem
import PanelEngine
import TouchCore

/// The screen as a PNG, a share of rows at a time (`[mqtt] mirror`): the rows of the surface
/// the display shows (a page-flipping display's last painted buffer), read in logical order as
/// a snapshot reads them and deflated by libpng as they come. The surface is asked for at each
/// call, for a live panel's display can go and come back.
public final class ScreenPNGEncoder: ScreenEncoder {
    private let surface: () -> FramebufferSurface?
    private var writer: PNGWriter?
    /// The next logical row to read, and where the picture begun is read from.
    private var nextRow: Int32 = 0
    private var layout: FramebufferLayout?
    private var row: [UInt8] = []

    public init(surface: @escaping () -> FramebufferSurface?) {
        self.surface = surface
    }

    public var frameNumber: UInt64 { surface()?.paintedFrames ?? 0 }

    public var rowBytes: Int { row.count }

    public var rowsLeft: Int { writer?.rowsLeft ?? 0 }

    public func begin() -> String? {
        writer = nil
        guard let surface = surface() else { return "no display to take it from" }
        let layout = surface.layout
        do throws(PNGWriteError) {
            writer = try PNGWriter(widthPx: Int(layout.logicalWidth), heightPx: Int(layout.logicalHeight), effort: .fastest)
        } catch {
            return error.message
        }
        self.layout = layout
        nextRow = 0
        if row.count != Int(layout.logicalWidth) * 3 { row = [UInt8](repeating: 0, count: Int(layout.logicalWidth) * 3) }
        return nil
    }

    public func encode(rows: Int) -> String? {
        guard writer != nil, let layout else { return "no picture begun" }
        // Read where the display shows it now: a page flip may have moved it (the frame number
        // moved with it, so the mirror begins again at its next turn).
        guard let surface = surface(), surface.layout == layout, surface.pixels.count >= layout.bufferSize else {
            writer = nil
            return "the display changed while its picture was made"
        }
        let pixels = UnsafeRawBufferPointer(surface.pixels)
        var taken = writer.take()!
        var problem: String?
        for _ in 0..<min(rows, taken.rowsLeft) {
            FramebufferSnapshot.readRow(nextRow, of: pixels, layout: layout, into: &row)
            do throws(PNGWriteError) {
                try taken.writeRows(row)
            } catch {
                problem = error.message
                break
            }
            nextRow += 1
        }
        if problem == nil { writer = consume taken }
        return problem
    }

    public func finish() -> Result<[UInt8], ScreenEncodingError> {
        guard let writer = writer.take() else { return .failure(ScreenEncodingError("no picture begun")) }
        do throws(PNGWriteError) {
            return .success(try writer.finish())
        } catch {
            return .failure(ScreenEncodingError(error.message))
        }
    }
}
