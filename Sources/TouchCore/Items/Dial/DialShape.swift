/// A dial's arc (rule 14): a band `bandPx` thick along the edge of the largest circle its rect
/// holds, `arcDegrees` long and open at the bottom. A dial is a slider whose track is this arc:
/// its value, its machine (rule 12), its sends and its state are a slider's.
public struct DialShape: Equatable, Sendable {
    public var bandPx: Int32
    public var arcDegrees: Int32

    /// The arc keeps a gap at the bottom, so that its two ends never meet.
    public static let arcDegreesRange: ClosedRange<Int32> = 30...330
    public static let defaultBandPx: Int32 = 24
    public static let defaultArcDegrees: Int32 = 270

    public init(bandPx: Int32 = DialShape.defaultBandPx, arcDegrees: Int32 = DialShape.defaultArcDegrees) {
        self.bandPx = max(1, bandPx)
        self.arcDegrees = min(max(arcDegrees, DialShape.arcDegreesRange.lowerBound), DialShape.arcDegreesRange.upperBound)
    }

    /// The arc's length in hundredths of a degree: positions along it run 0 (min, at the
    /// lower left by default) to this (max).
    public var arcCentidegrees: Int32 { arcDegrees * 100 }
}
