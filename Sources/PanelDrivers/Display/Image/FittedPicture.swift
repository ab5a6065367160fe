import TouchCore

/// A picture fitted to the display: scaled to fit inside the logical width and height keeping
/// its shape, centred, and laid over the background colour (which also fills the bars beside
/// or above and below it and shows through transparent pixels). Scaling is a triangle filter
/// widened by the shrink factor (bilinear when enlarging, an area-weighted average when
/// shrinking, as Pillow's `BILINEAR` resampling does), on premultiplied alpha, in 14-bit fixed
/// point: the same bytes on every target. An image of the display's own size comes out as it is.
public enum FittedPicture {
    /// Where a `widthPx` x `heightPx` image lands on a `displayWidth` x `displayHeight`
    /// display: the largest size of its shape that fits (each side rounded to the nearest
    /// pixel, at least 1), centred (an odd spare pixel goes right and below).
    public static func placement(widthPx: Int, heightPx: Int, displayWidth: Int, displayHeight: Int) -> Rect {
        // Which side limits: compare the two ratios without division.
        let widthLimits = displayWidth * heightPx <= displayHeight * widthPx
        let width = widthLimits ? displayWidth : max(1, (widthPx * displayHeight + heightPx / 2) / heightPx)
        let height = widthLimits ? max(1, (heightPx * displayWidth + widthPx / 2) / widthPx) : displayHeight
        return Rect(x: Int32((displayWidth - width) / 2), y: Int32((displayHeight - height) / 2), width: Int32(width), height: Int32(height))
    }

    /// `image` fitted to `width` x `height` over `background`: 3 bytes a pixel (red, green,
    /// blue), rows top first, no padding.
    public static func rgb(of image: RGBAImage, width: Int, height: Int, background: RGBColor) -> [UInt8] {
        let place = placement(widthPx: image.widthPx, heightPx: image.heightPx, displayWidth: width, displayHeight: height)
        let scaled = resampled(premultiplied(image), widthPx: image.widthPx, heightPx: image.heightPx,
                               toWidth: Int(place.width), toHeight: Int(place.height))
        var picture = [UInt8](repeating: 0, count: width * height * 3)
        for index in 0..<(width * height) {
            picture[3 * index] = background.r
            picture[3 * index + 1] = background.g
            picture[3 * index + 2] = background.b
        }
        let backdrop = [UInt32(background.r), UInt32(background.g), UInt32(background.b)]
        for y in 0..<Int(place.height) {
            for x in 0..<Int(place.width) {
                let source = 4 * (y * Int(place.width) + x)
                let target = 3 * ((y + Int(place.y)) * width + x + Int(place.x))
                let clear = 255 - UInt32(scaled[source + 3])
                for channel in 0..<3 {
                    let mixed = UInt32(scaled[source + channel]) + (backdrop[channel] * clear + 127) / 255
                    picture[target + channel] = UInt8(min(255, mixed))
                }
            }
        }
        return picture
    }

    /// RGBA with each colour multiplied by its alpha (rounded), so that a transparent pixel's
    /// colour does not bleed into its neighbours when scaled.
    static func premultiplied(_ image: RGBAImage) -> [UInt8] {
        var pixels = image.pixels
        var index = 0
        while index < pixels.count {
            let alpha = UInt32(pixels[index + 3])
            if alpha < 255 {
                for channel in 0..<3 {
                    pixels[index + channel] = UInt8((UInt32(pixels[index + channel]) * alpha + 127) / 255)
                }
            }
            index += 4
        }
        return pixels
    }

    /// Fixed-point weights' scale: 1 << 14.
    static let weightBits = 14

    /// The taps of each output pixel along one axis: the first input pixel and the weights
    /// from there (summing to 1 << `weightBits`).
    static func taps(from inputLength: Int, to outputLength: Int) -> [(first: Int, weights: [Int32])] {
        let scale = Double(inputLength) / Double(outputLength)
        let filterScale = max(scale, 1)
        return (0..<outputLength).map { index in
            let center = (Double(index) + 0.5) * scale
            var first = Int((center - filterScale + 0.5).rounded(.down))
            var last = Int((center + filterScale + 0.5).rounded(.down))
            first = max(0, first)
            last = min(inputLength, last)
            var weights: [Double] = []
            for x in first..<max(first, last) {
                let t = abs((Double(x) + 0.5 - center) / filterScale)
                weights.append(max(0, 1 - t))
            }
            let total = weights.reduce(0, +)
            guard total > 0 else { return (min(first, inputLength - 1), [Int32(1 << weightBits)]) }
            // Rounded, and what rounding lost or added given to the largest tap: each sum is exact.
            var fixed = weights.map { Int32(($0 / total * Double(1 << weightBits)).rounded()) }
            let error = Int32(1 << weightBits) - fixed.reduce(0, +)
            if let largest = fixed.indices.max(by: { fixed[$0] < fixed[$1] }) { fixed[largest] += error }
            return (first, fixed)
        }
    }

    /// Premultiplied RGBA scaled to `toWidth` x `toHeight`: across each row, then down each column.
    static func resampled(_ pixels: [UInt8], widthPx: Int, heightPx: Int, toWidth: Int, toHeight: Int) -> [UInt8] {
        let across = taps(from: widthPx, to: toWidth)
        var wide = [UInt8](repeating: 0, count: toWidth * heightPx * 4)
        for y in 0..<heightPx {
            for (x, tap) in across.enumerated() {
                for channel in 0..<4 {
                    var sum: Int32 = 0
                    for (step, weight) in tap.weights.enumerated() {
                        sum += Int32(pixels[4 * (y * widthPx + tap.first + step) + channel]) * weight
                    }
                    wide[4 * (y * toWidth + x) + channel] = clamped(sum)
                }
            }
        }
        let down = taps(from: heightPx, to: toHeight)
        var result = [UInt8](repeating: 0, count: toWidth * toHeight * 4)
        for (y, tap) in down.enumerated() {
            for x in 0..<toWidth {
                for channel in 0..<4 {
                    var sum: Int32 = 0
                    for (step, weight) in tap.weights.enumerated() {
                        sum += Int32(wide[4 * ((tap.first + step) * toWidth + x) + channel]) * weight
                    }
                    result[4 * (y * toWidth + x) + channel] = clamped(sum)
                }
            }
        }
        return result
    }

    /// A weighted sum back to 8 bits, rounded and clamped.
    @inline(__always)
    static func clamped(_ sum: Int32) -> UInt8 {
        let value = (sum + Int32(1 << (weightBits - 1))) >> Int32(weightBits)
        return UInt8(max(0, min(255, value)))
    }
}
