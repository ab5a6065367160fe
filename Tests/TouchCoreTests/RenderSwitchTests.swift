import Testing
import TouchCore

/// `look = switch`: the track and knob's place in a button's rect, and their pixels off, on
/// and pending, at every rotation. The button `(0, 0, 200, 60)` with a 2-pixel border: the
/// inside is 196x56, the track half its height (28) and twice as long (56), a gap of 14 before
/// it, so at (16, 16); the knob 3 inside it (28 / 8), 22 across.
@Suite("Render: switches")
struct RenderSwitchTests {
    static let rect = Rect(x: 0, y: 0, width: 200, height: 60)
    static var look: SwitchLook { SwitchLook(rect: rect, colors: .standard) }

    @Test func theTrackKnobAndLabelColumnFromTheRect() {
        let look = RenderSwitchTests.look
        #expect(look.track == Rect(x: 16, y: 16, width: 56, height: 28))
        #expect([look.knobPx, look.knobInsetPx, look.labelInsetPx, look.labelWidthPx] == [22, 3, 84, 112])
        #expect(look.knobRect(for: .normal) == Rect(x: 19, y: 19, width: 22, height: 22))
        #expect(look.knobRect(for: .on) == Rect(x: 47, y: 19, width: 22, height: 22))
        #expect(look.knobRect(for: .pressed) == Rect(x: 47, y: 19, width: 22, height: 22))
        #expect(look.knobRect(for: .pending) == Rect(x: 33, y: 19, width: 22, height: 22))
        #expect(look.knobRect(for: .unknown) == Rect(x: 33, y: 19, width: 22, height: 22))
        #expect(look.knobRect(for: .disabled) == Rect(x: 19, y: 19, width: 22, height: 22))
        // The tile keeps its resting fill; the label starts past the switch.
        let tile = look.tileStyle
        #expect(tile.on.fill == ButtonStyle.standard.normal.fill)
        #expect(tile.pressed.fill == ButtonStyle.standard.normal.fill)
        #expect(tile.disabled.fill == ButtonStyle.standard.disabled.fill)
        #expect(tile.on.text == ButtonStyle.standard.on.text)
        #expect(tile.alignment == .left)
        #expect(tile.labelInsetPx == 84)
    }

    @Test func aNarrowButtonKeepsTwoThirdsForItsLabel() {
        // 150 wide: the inside is 146, a sixth of it 24 (even), so the track is 24x48.
        let look = SwitchLook(rect: Rect(x: 10, y: 20, width: 150, height: 150), colors: .standard)
        #expect(look.track == Rect(x: 24, y: 83, width: 48, height: 24))
        #expect([look.knobPx, look.labelInsetPx, look.labelWidthPx] == [18, 72, 74])
    }

    @Test func aButtonTooSmallForATrackDrawsNone() {
        // 20 wide: the inside is 16, a sixth of it 2, under the 4 a knob needs.
        let look = SwitchLook(rect: Rect(x: 0, y: 0, width: 20, height: 60), colors: .standard)
        #expect(!look.hasTrack)
        #expect([look.labelInsetPx, look.labelWidthPx] == [0, 16])
        var fb = TestFramebuffer(width: 20, height: 60, format: .xrgb8888)
        #expect(fb.paint { painter, buffer in painter.paintSwitch(look, state: .on, in: buffer) })
        #expect(fb.strayWrites(outside: []) == [])
    }

    /// XRGB8888 in memory: blue, green, red, unused.
    static func bytes(_ color: RGBColor) -> [UInt8] { [color.b, color.g, color.r, 0] }

    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func offOnAndPendingAtKnownPoints(_ rotation: DisplayRotation) throws {
        let style = ButtonStyle.standard
        let tile = RenderSwitchTests.bytes(style.normal.fill), off = RenderSwitchTests.bytes(style.border)
        let on = RenderSwitchTests.bytes(style.on.fill), pending = RenderSwitchTests.bytes(style.pending.fill)
        let knob = RenderSwitchTests.bytes(.white)
        let untouched = [UInt8](repeating: TestFramebuffer.sentinel, count: 4)
        for (state, track) in [(ButtonVisualState.normal, off), (.on, on), (.pending, pending)] {
            // A square screen, so that the button's rect is the same logical rect at every rotation.
            var fb = TestFramebuffer(width: 200, height: 200, format: .xrgb8888, rotation: rotation)
            #expect(fb.paint { painter, buffer in painter.paintSwitch(RenderSwitchTests.look, state: state, in: buffer) })
            let snapshot = fb
            func logical(_ x: Int, _ y: Int) -> [UInt8] {
                let p: (Int, Int)
                switch rotation {
                case .degrees0: p = (x, y)
                case .degrees90: p = (200 - 1 - y, x)
                case .degrees180: p = (200 - 1 - x, 200 - 1 - y)
                case .degrees270: p = (y, 200 - 1 - x)
                }
                return snapshot.pixelBytes(physicalX: p.0, y: p.1)
            }
            let knobCentreX = state == .normal ? 30 : state == .on ? 58 : 44
            #expect(logical(knobCentreX, 30) == knob, "\(state) knob")
            // The knob's square's corner (the one over the track's straight part) lies outside
            // its circle: the track there.
            let knobCorner = state == .normal ? 40 : state == .on ? 47 : 33
            #expect(logical(knobCorner, 19) == track, "\(state) knob's corner")
            // The track's straight top row, and its middle away from the knob.
            #expect(logical(44, 16) == track, "\(state) track's top")
            #expect(logical(state == .on ? 20 : 66, 30) == track, "\(state) track")
            // The track's bounding box's corners lie outside its round ends: the tile's fill.
            #expect(logical(16, 16) == tile, "\(state) track's corner")
            #expect(logical(71, 43) == tile, "\(state) track's far corner")
            // Nothing outside the track's rect is written.
            #expect(logical(15, 30) == untouched)
            #expect(logical(72, 30) == untouched)
            #expect(logical(44, 15) == untouched)
            #expect(logical(44, 44) == untouched)
            var written = [(Int, Int)]()
            for y in 16..<44 {
                for x in 16..<72 {
                    switch rotation {
                    case .degrees0: written.append((x, y))
                    case .degrees90: written.append((200 - 1 - y, x))
                    case .degrees180: written.append((200 - 1 - x, 200 - 1 - y))
                    case .degrees270: written.append((y, 200 - 1 - x))
                    }
                }
            }
            #expect(snapshot.strayWrites(outside: snapshot.offsets(ofPhysical: written)) == [])
        }
    }

    @Test func theRoundEndsAreSmoothedBetweenTrackAndTile() {
        // Row 22 (the track's 7th) meets the left end's curve 2.2 pixels in (14 - √(14² - 7.5²)):
        // pixel 18 is partly covered, a mix of the off track (#808080) and the tile (#303030).
        var fb = TestFramebuffer(width: 200, height: 60, format: .xrgb8888)
        #expect(fb.paint { painter, buffer in painter.paintSwitch(RenderSwitchTests.look, state: .normal, in: buffer) })
        let style = ButtonStyle.standard
        let edge = fb.pixelBytes(physicalX: 18, y: 22)
        #expect(edge != RenderSwitchTests.bytes(style.border))
        #expect(edge != RenderSwitchTests.bytes(style.normal.fill))
        // 13 of its 16 samples inside: (0x80 * 13 + 0x30 * 3 + 8) >> 4 = 0x71.
        #expect(edge == [0x71, 0x71, 0x71, 0])
    }
}
