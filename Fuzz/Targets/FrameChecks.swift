import TouchCore

/// What every decoded frame must be, whatever bytes it came from: at most the model's points
/// (and the frame's capacity), each touch ID once, every coordinate inside the controller's
/// range. A frame that breaks this would reach the tracker as garbage; fatalError makes
/// libFuzzer keep the input.
func checkDecoded(_ outcome: DecodeOutcome, maxPoints: Int, width: Int32, height: Int32, decoder: StaticString) {
    guard case .frame(let frame) = outcome else { return }
    if frame.count > maxPoints || frame.count > TouchFrame.capacity {
        fatalError("\(decoder): \(frame.count) points from a model of \(maxPoints)")
    }
    for index in 0..<frame.count {
        let point = frame[index]
        if point.position.x < 0 || point.position.x >= width || point.position.y < 0 || point.position.y >= height {
            fatalError("\(decoder): point \(index) at \(point.position.x),\(point.position.y) outside \(width)x\(height)")
        }
        for other in 0..<index where frame[other].id == point.id {
            fatalError("\(decoder): touch ID \(point.id) twice in one frame")
        }
    }
}
