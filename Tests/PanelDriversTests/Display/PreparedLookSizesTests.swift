import Foundation
import PanelConfig
@testable import PanelDrivers
import Testing
import TouchCore

@Suite("Prepared looks: one page's at a time, and check says what they take")
struct PreparedLookSizesTests {
    /// Two pages and a nav button on both; `bare` has no label, so its looks are its two rows.
    /// Labels at 24 px, so that a page's looks stay within the surface's default limit.
    static let config = """
        [display]
        width = 400
        height = 240

        [theme]
        font_size = 24

        [controller]
        model = ft5406

        [page one]
        [page two]

        [button lamp]
        page = one
        rect = 10, 10, 180, 100
        label = Lamp
        on_tap = emit

        [button fan]
        page = one
        rect = 200, 10, 180, 100
        label = Fan\\nhall
        on_tap = emit

        [button bare]
        page = two
        rect = 10, 10, 150, 80
        label =
        on_tap = emit

        [button next]
        page = all
        rect = 10, 180, 380, 50
        label = Next
        on_tap = page next
        """

    /// A page's looks normal and pressed, as a surface holds them after drawing it and pressing
    /// each of its buttons.
    static func heldAfterShowing(_ page: Int, surface: FramebufferSurface, config: PanelConfiguration) -> Int {
        let states: [ButtonVisualState?] = config.buttons.map {
            $0.page == page || $0.page == PageLayout.allPages ? .normal : nil
        }
        surface.drawAll(states)
        for (index, state) in states.enumerated() where state != nil {
            surface.draw(button: index, state: .pressed)
            surface.draw(button: index, state: .normal)
        }
        return surface.preparedLookBytes
    }

    /// An invisible zone is painted over the background each time: no look is held for it,
    /// and check counts none.
    @Test func aZoneHoldsNoLook() throws {
        let zoned = Self.config.replacingOccurrences(of: "label = Lamp\n", with: "label = Lamp\nfill = none\nborder_px = 0\n")
        let config = try PanelConfigLoader.parse(text: zoned, file: "looks.ini")
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let plain = try PanelConfigLoader.parse(text: Self.config, file: "looks.ini")
        let lamp = FramebufferSurface.fittedLabel("Lamp", of: plain.buttons[0], borderPx: 2, font: labels.font)
        let layout = try #require(FramebufferLayout(physicalWidth: 400, physicalHeight: 240, format: .xrgb8888))
        // What the zone leaves out is lamp's two looks: each its header and its rows as four
        // pixels, and its label's ink in fewer bytes than the label's rect (16 for alignment).
        let lampBytes = PreparedLookSizes.bytesPerPage(of: plain, font: labels.font, format: .xrgb8888)[0]
            - PreparedLookSizes.bytesPerPage(of: config, font: labels.font, format: .xrgb8888)[0]
        let bpp = layout.format.bytesPerPixel
        #expect(lampBytes > 2 * (48 + 16))
        #expect(lampBytes < 2 * (48 + 16 + Int(lamp.width) * Int(lamp.height) * bpp + 16))
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels)
            #expect(Self.heldAfterShowing(0, surface: surface, config: config)
                == PreparedLookSizes.bytesPerPage(of: config, font: labels.font, format: .xrgb8888)[0])
        }
    }

    @Test func whatCheckSaysIsWhatTheSurfaceHoldsForEachPage() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "looks.ini")
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let perPage = PreparedLookSizes.bytesPerPage(of: config, font: labels.font, format: .xrgb8888)
        let layout = try #require(FramebufferLayout(physicalWidth: 400, physicalHeight: 240, format: .xrgb8888))
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        memory.withUnsafeMutableBytes { pixels in
            // Without a limit below the page's looks (page one's are more than the default).
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels, lookByteLimit: 1 << 20)
            #expect(surface.preparedLookBytes == 0)
            let one = Self.heldAfterShowing(0, surface: surface, config: config)
            let two = Self.heldAfterShowing(1, surface: surface, config: config)
            // Page one again: page two's looks are dropped, page one's prepared again.
            let oneAgain = Self.heldAfterShowing(0, surface: surface, config: config)
            #expect(perPage == [one, two])
            #expect(oneAgain == one)
        }
        // Page two: the bare button's header and rows (as four pixels: 16 bytes) in two looks,
        // and the nav button's header, rows and its label's ink in two looks: the ink in fewer
        // bytes than the label's rect.
        let next = config.buttons[3]
        let nextLabel = FramebufferSurface.fittedLabel("Next", of: next, borderPx: config.display.borderPx, font: labels.font)
        let nextInk = perPage[1] - 2 * (48 + 16) - 2 * (48 + 16)
        #expect(nextInk > 0)
        #expect(nextInk < 2 * Int(nextLabel.width) * Int(nextLabel.height) * 4)
        #expect(perPage[0] > perPage[1])
        // At RGB565 a look is a little over half as large: its header and span tables do not shrink.
        let halves = PreparedLookSizes.bytesPerPage(of: config, font: labels.font, format: .rgb565)
        #expect(zip(halves, perPage).allSatisfy { $0.0 > $0.1 / 2 && $0.0 < $0.1 })
        #expect(PreparedLookSizes.commentLine(for: config, font: labels.font)
            == "; prepared looks at 4 bytes a pixel, normal and pressed: \(perPage[0]) bytes (page one); "
            + "all 2 pages together \(perPage[0] + perPage[1]) bytes, never held at once; "
            + "at most \(FramebufferSurface.defaultLookByteLimit) held, beyond which a button is drawn straight until a look goes unused for \(PreparedButtons.staleDraws) draws\n")
    }

    /// Beyond its limit a new look takes only the room of looks not drawn for
    /// `PreparedButtons.staleDraws` draws; until then its button is painted straight, with the
    /// same pixels. A limit of one look: lamp's pressed look is held, its normal one is made
    /// once, not kept, and drawn straight from then on; every draw ages lamp's pressed look,
    /// which after 64 draws gives its room to the normal one.
    @Test func beyondItsLimitANewLookTakesOnlyTheRoomOfStaleLooks() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "looks.ini")
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let layout = try #require(FramebufferLayout(physicalWidth: 400, physicalHeight: 240, format: .xrgb8888))
        var sizes: [Int] = []
        var reference = [UInt8](repeating: 0, count: layout.bufferSize)
        reference.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels, lookByteLimit: 1 << 20)
            for state in [ButtonVisualState.pressed, .normal] {
                let before = surface.preparedLookBytes
                surface.draw(button: 0, state: state)
                sizes.append(surface.preparedLookBytes - before)
            }
        }
        #expect(sizes.allSatisfy { $0 > 0 })
        let limit = max(sizes[0], sizes[1])
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels, lookByteLimit: limit)
            surface.draw(button: 0, state: .pressed)
            #expect(surface.preparedLookBytes == sizes[0])
            // Draws 2 to 65: the normal look made and not kept, then painted straight.
            for _ in 2...65 {
                surface.draw(button: 0, state: .normal)
                #expect(surface.preparedLookBytes == sizes[0])
            }
            // Draw 66: the pressed look was last drawn 64 draws before; its room goes to the normal one.
            surface.draw(button: 0, state: .normal)
            #expect(surface.preparedLookBytes == sizes[1])
        }
        let differing = zip(memory, reference).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
        // And painted straight, lamp normal is what its look paints.
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels, lookByteLimit: limit)
            surface.draw(button: 0, state: .pressed)
            surface.draw(button: 0, state: .normal)
            surface.draw(button: 0, state: .normal)
            #expect(surface.preparedLookBytes == sizes[0])
        }
        let straight = zip(memory, reference).filter { $0 != $1 }.count
        #expect(straight == 0, "\(straight) bytes differ")
    }

    /// Looks live in one block of the limit's size: dropped ones leave gaps, and a look that
    /// does not fit after the last is placed once the others are moved down. A look that moved
    /// still paints what a surface holding every look paints.
    @Test func looksMovedInTheirBlockStillPaintTheirPixels() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "looks.ini")
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let layout = try #require(FramebufferLayout(physicalWidth: 400, physicalHeight: 240, format: .xrgb8888))
        var held = [UInt8](repeating: 0, count: layout.bufferSize)
        var moved = held
        // Lamp, fan and the third button normal, lamp again 64 times (so fan and the third are
        // stale, fan drawn longest ago), lamp pressed (no room: fan's look goes, leaving a gap,
        // and the third's is moved down into it to make room after it), then the third from
        // where it was moved.
        let draws: [(Int, ButtonVisualState)] = [(0, .normal), (1, .normal), (3, .normal)]
            + Array(repeating: (0, .normal), count: Int(PreparedButtons.staleDraws)) + [(0, .pressed), (3, .normal)]
        var sizes: [Int] = []
        held.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels, lookByteLimit: 1 << 20)
            for (button, state) in draws {
                let before = surface.preparedLookBytes
                surface.draw(button: button, state: state)
                sizes.append(surface.preparedLookBytes - before)
            }
        }
        let last = draws.count - 1
        #expect(sizes[3] == 0 && sizes[last] == 0 && sizes[1] > 0)
        let limit = sizes[0] + sizes[2] + sizes[last - 1]
        moved.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels, lookByteLimit: limit)
            for (button, state) in draws {
                surface.draw(button: button, state: state)
                #expect(surface.preparedLookBytes <= limit)
            }
            #expect(surface.preparedLookBytes == limit)   // lamp's two and the third's: fan's went
        }
        let differing = zip(moved, held).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
    }
}
