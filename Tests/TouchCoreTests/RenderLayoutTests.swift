import Testing
import TouchCore

@Suite("Render: framebuffer layout and rotation")
struct RenderLayoutTests {
    func layout(_ rotation: DisplayRotation) -> FramebufferLayout {
        FramebufferLayout(physicalWidth: 800, physicalHeight: 480, strideBytes: 1664, format: .rgb565, rotation: rotation)!
    }

    @Test func logicalSizeSwapsAt90And270() {
        #expect(layout(.degrees0).logicalWidth == 800 && layout(.degrees0).logicalHeight == 480)
        #expect(layout(.degrees90).logicalWidth == 480 && layout(.degrees90).logicalHeight == 800)
        #expect(layout(.degrees180).logicalWidth == 800 && layout(.degrees180).logicalHeight == 480)
        #expect(layout(.degrees270).logicalWidth == 480 && layout(.degrees270).logicalHeight == 800)
        #expect(layout(.degrees0).bufferSize == 1664 * 480)
        #expect(DisplayRotation(rawValue: 90) == .degrees90)
        #expect(DisplayRotation(rawValue: 45) == nil)
    }

    /// The convention (see DisplayRotation): the logical origin lands top-left, top-right,
    /// bottom-right, bottom-left for 0, 90, 180, 270; logical +x runs right, down, left, up.
    @Test func logicalCornersLandOnTheDocumentedPhysicalCorners() {
        func p(_ r: DisplayRotation, _ x: Int32, _ y: Int32) -> Point? {
            layout(r).physicalPoint(ofLogical: Point(x: x, y: y))
        }
        #expect(p(.degrees0, 0, 0) == Point(x: 0, y: 0))
        #expect(p(.degrees90, 0, 0) == Point(x: 799, y: 0))
        #expect(p(.degrees180, 0, 0) == Point(x: 799, y: 479))
        #expect(p(.degrees270, 0, 0) == Point(x: 0, y: 479))
        #expect(p(.degrees90, 1, 0) == Point(x: 799, y: 1))
        #expect(p(.degrees90, 0, 1) == Point(x: 798, y: 0))
        #expect(p(.degrees90, 479, 799) == Point(x: 0, y: 479))
        #expect(p(.degrees270, 1, 0) == Point(x: 0, y: 478))
        #expect(p(.degrees270, 0, 1) == Point(x: 1, y: 479))
        #expect(p(.degrees90, 480, 0) == nil)
        #expect(p(.degrees0, -1, 0) == nil)
    }

    @Test func byteOffsetsUseTheStride() {
        #expect(layout(.degrees0).byteOffset(x: 3, y: 2) == 2 * 1664 + 3 * 2)
        #expect(layout(.degrees90).byteOffset(x: 3, y: 2) == 3 * 1664 + 797 * 2)
        #expect(layout(.degrees180).byteOffset(x: 3, y: 2) == 477 * 1664 + 796 * 2)
        #expect(layout(.degrees270).byteOffset(x: 3, y: 2) == 476 * 1664 + 2 * 2)
        #expect(layout(.degrees0).byteOffset(x: 800, y: 0) == nil)
    }

    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func logicalStepsAgreeWithByteOffsets(_ rotation: DisplayRotation) {
        let l = layout(rotation)
        let origin = l.byteOffset(x: 5, y: 7)!
        #expect(l.byteOffset(x: 6, y: 7)! - origin == l.logicalSteps.x)
        #expect(l.byteOffset(x: 5, y: 8)! - origin == l.logicalSteps.y)
    }

    @Test func physicalRectOfALogicalRect() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(layout(.degrees0).physicalRect(ofLogical: r) == r)
        #expect(layout(.degrees90).physicalRect(ofLogical: r) == Rect(x: 740, y: 10, width: 40, height: 30))
        #expect(layout(.degrees180).physicalRect(ofLogical: r) == Rect(x: 760, y: 420, width: 30, height: 40))
        #expect(layout(.degrees270).physicalRect(ofLogical: r) == Rect(x: 20, y: 440, width: 40, height: 30))
        #expect(layout(.degrees0).physicalRect(ofLogical: Rect(x: 790, y: -5, width: 100, height: 10))
            == Rect(x: 790, y: 0, width: 10, height: 5))
        #expect(layout(.degrees0).physicalRect(ofLogical: Rect(x: 800, y: 0, width: 1, height: 1)) == nil)
    }

    @Test func invalidGeometryIsRefused() {
        #expect(FramebufferLayout(physicalWidth: 800, physicalHeight: 480, strideBytes: 1599, format: .rgb565) == nil)
        #expect(FramebufferLayout(physicalWidth: 0, physicalHeight: 480, strideBytes: 0, format: .rgb565) == nil)
        #expect(FramebufferLayout(physicalWidth: 800, physicalHeight: -1, strideBytes: 1600, format: .rgb565) == nil)
        #expect(FramebufferLayout(physicalWidth: 800, physicalHeight: 480, format: .rgb888)?.strideBytes == 2400)
    }

    @Test func rectClippingNeverOverflows() {
        let screen = Rect(x: 0, y: 0, width: 800, height: 480)
        #expect(Rect(x: Int32.max - 1, y: 0, width: Int32.max, height: 10).clipped(to: screen) == nil)
        #expect(Rect(x: Int32.min, y: Int32.min, width: Int32.max, height: Int32.max).clipped(to: screen) == nil)
        #expect(Rect(x: -10, y: -10, width: Int32.max, height: Int32.max).clipped(to: screen) == screen)
        #expect(Rect(x: 5, y: 5, width: 0, height: 10).clipped(to: screen) == nil)
        #expect(Rect(x: 0, y: 0, width: 10, height: 6).inset(by: 2) == Rect(x: 2, y: 2, width: 6, height: 2))
        #expect(Rect(x: 0, y: 0, width: 10, height: 4).inset(by: 2) == nil)
    }
}
