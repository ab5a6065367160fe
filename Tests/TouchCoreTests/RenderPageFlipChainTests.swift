import Testing
import TouchCore

@Suite("Render: page flips over two buffers, with the damage copied forward")
struct RenderPageFlipChainTests {
    func buttons(_ indices: Int...) -> Damage {
        var set = ButtonSet()
        for index in indices { set.insert(index) }
        return Damage(buttons: set)
    }

    typealias Frame = PageFlipChain.Frame

    /// Runs `inputs` from the start, giving every frame asked for.
    func frames(_ inputs: [PageFlipChain.Input]) -> ([Frame], PageFlipChain) {
        var state = PageFlipChain.start
        var frames: [Frame] = []
        for input in inputs {
            let (next, frame) = PageFlipChain.next(state, input)
            state = next
            if let frame { frames.append(frame) }
        }
        return (frames, state)
    }

    @Test func theFirstFrameIsWholeIntoTheBackBufferAndTheSecondCopiesTheWholePictureForward() {
        let (work, state) = frames([.changed(.everything), .flipCompleted, .changed(buttons(2)), .flipCompleted])
        #expect(work == [
            Frame(buffer: 1, copyFrom: 0, copy: .none, paint: .everything),
            // Buffer 0 never had a picture: all of buffer 1 comes over, then button 2.
            Frame(buffer: 0, copyFrom: 1, copy: .everything, paint: buttons(2)),
        ])
        #expect(state == .showing(front: 0, backLacks: buttons(2)))
    }

    @Test func afterThatOnlyTheLastFramesButtonsAreCopiedAndNotThoseRepaintedAnyway() {
        let (work, state) = frames([
            .changed(.everything), .flipCompleted,
            .changed(buttons(2)), .flipCompleted,
            .changed(buttons(2, 5)), .flipCompleted,
            .changed(buttons(7)), .flipCompleted,
        ])
        #expect(Array(work.dropFirst(2)) == [
            // Buffer 1 lacks button 2, which this frame paints anyway: nothing to copy.
            Frame(buffer: 1, copyFrom: 0, copy: .none, paint: buttons(2, 5)),
            Frame(buffer: 0, copyFrom: 1, copy: buttons(2, 5), paint: buttons(7)),
        ])
        #expect(state == .showing(front: 0, backLacks: buttons(7)))
    }

    @Test func changesDuringAQueuedFlipWaitAndGoTogetherIntoTheNextFrame() {
        var state = PageFlipChain.start
        var frame: Frame?
        (state, frame) = PageFlipChain.next(state, .changed(.everything))
        #expect(frame == Frame(buffer: 1, copyFrom: 0, copy: .none, paint: .everything))
        (state, frame) = PageFlipChain.next(state, .changed(buttons(1)))
        #expect(frame == nil)
        (state, frame) = PageFlipChain.next(state, .changed(buttons(3)))
        #expect(frame == nil)
        #expect(state == .flipping(pending: 1, backLacks: .everything, waiting: buttons(1, 3)))
        (state, frame) = PageFlipChain.next(state, .flipCompleted)
        #expect(frame == Frame(buffer: 0, copyFrom: 1, copy: .everything, paint: buttons(1, 3)))
        #expect(state == .flipping(pending: 0, backLacks: buttons(1, 3), waiting: .none))
    }

    @Test func aWholeRepaintWhileFlippingReplacesTheCopy() {
        var state = PageFlipChain.showing(front: 1, backLacks: buttons(4))
        var frame: Frame?
        (state, frame) = PageFlipChain.next(state, .changed(buttons(0)))
        #expect(frame == Frame(buffer: 0, copyFrom: 1, copy: buttons(4), paint: buttons(0)))
        (state, _) = PageFlipChain.next(state, .changed(.everything))
        (state, frame) = PageFlipChain.next(state, .flipCompleted)
        #expect(frame == Frame(buffer: 1, copyFrom: 0, copy: .none, paint: .everything))
        #expect(state == .flipping(pending: 1, backLacks: .everything, waiting: .none))
    }

    @Test func nothingChangedMeansNoFrameAndAStrayFlipEventChangesNothing() {
        let resting = PageFlipChain.showing(front: 0, backLacks: buttons(2))
        #expect(PageFlipChain.next(resting, .changed(.none)) == (resting, nil))
        #expect(PageFlipChain.next(resting, .flipCompleted) == (resting, nil))
        let flipping = PageFlipChain.flipping(pending: 1, backLacks: buttons(2), waiting: .none)
        #expect(PageFlipChain.next(flipping, .flipCompleted) == (.showing(front: 1, backLacks: buttons(2)), nil))
    }

    @Test func damageArithmetic() {
        #expect(buttons(1, 2).union(buttons(2, 3)) == buttons(1, 2, 3))
        #expect(buttons(1, 2).subtracting(buttons(2, 3)) == buttons(1))
        #expect(Damage.everything.subtracting(buttons(1)) == .everything)
        #expect(buttons(1).subtracting(.everything) == .none)
        #expect(Damage.none.isEmpty && !Damage.everything.isEmpty && !buttons(0).isEmpty)
        #expect(buttons(3).union(.everything) == .everything)
    }
}

@Suite("Render: copying a rect forward from the other buffer")
struct RenderCopyForwardTests {
    @Test func copiesExactlyTheRectsPhysicalPixelsAndNothingElse() {
        // 4x3 XRGB8888 with 4 bytes of row padding, turned 90 degrees: logical 3x4.
        var source = TestFramebuffer(width: 4, height: 3, format: .xrgb8888, rotation: .degrees90, padding: 4)
        for index in source.bytes.indices { source.bytes[index] = UInt8(truncatingIfNeeded: index) }
        var destination = TestFramebuffer(width: 4, height: 3, format: .xrgb8888, rotation: .degrees90, padding: 4)
        // Logical (1, 0) 2x2 is physical x = 4 - 0 - 2 = 2, y = 1, 2 wide, 2 high.
        let copied = destination.paint { painter, buffer in
            source.bytes.withUnsafeBytes { painter.copy(Rect(x: 1, y: 0, width: 2, height: 2), from: $0, to: buffer) }
        }
        #expect(copied)
        let stride = 20
        var expected = Array(repeating: TestFramebuffer.sentinel, count: destination.bytes.count)
        for y in 1...2 {
            for byte in (y * stride + 8)..<(y * stride + 16) { expected[byte] = UInt8(truncatingIfNeeded: byte) }
        }
        #expect(destination.bytes == expected)
    }

    @Test func aRectOffTheScreenCopiesNothingAndASmallBufferIsRefused() {
        let source = TestFramebuffer(width: 2, height: 2, format: .rgb565)
        var destination = TestFramebuffer(width: 2, height: 2, format: .rgb565)
        let before = destination.bytes
        #expect(destination.paint { painter, buffer in
            source.bytes.withUnsafeBytes { painter.copy(Rect(x: 5, y: 5, width: 2, height: 2), from: $0, to: buffer) }
        })
        #expect(destination.bytes == before)
        let short = [UInt8](repeating: 1, count: 7)
        #expect(!destination.paint { painter, buffer in
            short.withUnsafeBytes { painter.copy(Rect(x: 0, y: 0, width: 2, height: 2), from: $0, to: buffer) }
        })
        #expect(destination.bytes == before)
    }
}
