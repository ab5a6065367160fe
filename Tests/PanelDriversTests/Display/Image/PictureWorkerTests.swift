import Foundation
import LinuxSystem
@testable import PanelDrivers
import PanelEngine
import Testing
import TouchCore
@testable import PanelTestSupport

private let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PNGFixtures").path

/// Pictures set at run time: made by a `touchpanel decode-picture` child, a bounded share of
/// bytes each turn; the same bytes the start makes from a file.
@Suite("Pictures set at run time: decoded in a child process")
struct PictureWorkerTests {
    @Test func theChildsArgumentsSayWhatToMake() throws {
        let layout = try #require(FramebufferLayout(physicalWidth: 480, physicalHeight: 800, strideBytes: 1024, format: .rgb565, rotation: .degrees90))
        let page = PictureJob.Kind.page(layout: layout, background: RGBColor(r: 1, g: 2, b: 3))
        #expect(PictureJob.arguments(page) == ["page", "480", "800", "1024", "2", "11", "5", "5", "6", "0", "5", "90", "1", "2", "3"])
        #expect(PictureJob.kind(arguments: PictureJob.arguments(page)) == page)
        #expect(PictureJob.kind(arguments: ["icon", "64"]) == .icon(sizePx: 64))
        #expect(PictureJob.kind(arguments: ["icon", "-1"]) == nil)
        #expect(PictureJob.kind(arguments: ["page", "480"]) == nil)
    }

    @Test func anIconComesBackFittedAsTheStartFitsOne() throws {
        let worker = PictureWorker(executable: try builtTouchpanel(), timeLimit: .milliseconds(120_000))
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/rgba8.png")))
        #expect(worker.submit(.init(target: .icon(button: 0), png: png, kind: .icon(sizePx: 5), source: "t")) == nil)
        let finished = finish(worker)
        #expect(finished.count == 1)
        guard case .success(.icon(let image)) = finished.first?.result else {
            Issue.record("no icon: \(String(describing: finished.first?.result))")
            return
        }
        #expect(image == IconPictures.fitted(try PNGDecoder.load(path: "\(fixtures)/rgba8.png"), sizePx: 5))
    }

    /// A 2 MiB PNG goes over in 64 KiB shares, and the page's picture comes back in the
    /// framebuffer's layout, byte for byte what `PageBackgrounds` makes of it.
    @Test func aPagesPictureIsInTheFramebuffersLayoutAndComesInShares() throws {
        // Random pixels do not deflate: the PNG is as big as its pixels, just under 2 MiB.
        let width = 800, height = 870
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var seed: UInt32 = 1
        for index in rgb.indices {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            rgb[index] = UInt8(truncatingIfNeeded: seed >> 24)
        }
        let png = try PNGWriter.encodeRGB(widthPx: width, heightPx: height, pixels: rgb)
        #expect(png.count > 2_000_000 && png.count <= PictureJob.maxPNGBytes)
        let layout = try #require(FramebufferLayout(physicalWidth: 480, physicalHeight: 800, format: .rgb565, rotation: .degrees90))
        let background = RGBColor(r: 10, g: 20, b: 30)
        let worker = PictureWorker(executable: try builtTouchpanel(), timeLimit: .milliseconds(120_000))
        #expect(worker.submit(.init(target: .page(1), png: png, kind: .page(layout: layout, background: background), source: "t")) == nil)
        let finished = finish(worker)
        guard case .success(.page(let memory)) = finished.first?.result else {
            Issue.record("no picture: \(String(describing: finished.first?.result))")
            return
        }
        let image = try PNGDecoder.decode(bytes: png, source: "t")
        let expected = FramebufferPicture.bytes(
            ofLogicalRGB: FittedPicture.rgb(of: image, width: Int(layout.logicalWidth), height: Int(layout.logicalHeight), background: background),
            layout: layout)
        #expect(Array(UnsafeRawBufferPointer(memory.bytes)) == expected)
        // In: 2 MiB at 64 KiB a turn; out: 768000 bytes at 64 KiB a turn.
        #expect(worker.lastJobTurns >= (png.count + PictureWorker.chunkBytes - 1) / PictureWorker.chunkBytes)
    }

    /// A PNG that does not decode is refused with the decoder's own words; nothing is made.
    @Test func aBadPNGIsRefusedWithTheDecodersReason() throws {
        let worker = PictureWorker(executable: try builtTouchpanel(), timeLimit: .milliseconds(120_000))
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/bad-crc-idat.png")))
        #expect(worker.submit(.init(target: .icon(button: 0), png: png, kind: .icon(sizePx: 8), source: "t")) == nil)
        let finished = finish(worker)
        var reason = ""
        do throws(PNGError) { _ = try PNGDecoder.decode(bytes: png, source: "") } catch { reason = error.reasonText }
        guard case .failure(let failure) = finished.first?.result else {
            Issue.record("not refused")
            return
        }
        #expect(failure.reason == reason)
        #expect(reason == PNGError(source: "", reason: .corrupt("IDAT: CRC error")).reasonText)
    }

    /// Over 2 MiB, wider than 4096 or no PNG at all: refused when handed over, no child started.
    @Test func anOversizeOrForeignPNGIsRefusedBeforeAnyDecoding() throws {
        let worker = PictureWorker(executable: "/nonexistent")
        func submit(_ png: [UInt8]) -> String? {
            worker.submit(.init(target: .icon(button: 0), png: png, kind: .icon(sizePx: 8), source: "t"))
        }
        let wide = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/too-wide-5000x10.png")))
        #expect(submit(wide) == PNGError(source: "", reason: .tooLarge(widthPx: 5000, heightPx: 10)).reasonText)
        #expect(submit([UInt8](repeating: 0, count: PictureJob.maxPNGBytes + 1))
            == PNGError(source: "", reason: .fileTooLarge(bytes: PictureJob.maxPNGBytes + 1)).reasonText)
        #expect(submit(Array("GIF89a".utf8)) == PNGError(source: "", reason: .notPNG).reasonText)
        #expect(!worker.isBusy)
    }

    /// A child that answers nonsense, dies without an answer or never answers changes nothing:
    /// each is a failure that says so, and the one that hangs is stopped at the time limit.
    @Test func aChildThatFailsIsAFailureNotAPicture() throws {
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/rgba8.png")))
        func outcome(_ executable: String, limitMs: Int64 = 120_000) -> String {
            let worker = PictureWorker(executable: executable, timeLimit: .milliseconds(limitMs))
            _ = worker.submit(.init(target: .icon(button: 0), png: png, kind: .icon(sizePx: 8), source: "t"))
            guard case .failure(let failure) = finish(worker).first?.result else { return "a picture" }
            return failure.reason
        }
        func script(_ name: String, _ body: String) throws -> String {
            let path = NSTemporaryDirectory() + "touchpanel-\(name)-\(getpid()).sh"
            try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
            return path
        }
        let echo = try script("echo", "exec cat"), dies = try script("dies", "exit 3"), hangs = try script("hangs", "exec sleep 30")
        defer { for path in [echo, dies, hangs] { try? FileManager.default.removeItem(atPath: path) } }
        // cat says the PNG back: its first line is no answer.
        #expect(outcome(echo) == "the decoder's answer makes no sense")
        // How it ended is said when it is known in time: it may not be a zombie yet when its
        // output closes.
        let died = outcome(dies)
        #expect(["the decoder ended without a picture (it exited with status 3)", "the decoder ended without a picture (closed its output)"]
            .contains(died), "\(died)")
        let started = MonotonicClock.now()
        #expect(outcome(hangs, limitMs: 1_000) == "no picture within 1 s; the decoder was stopped")
        #expect(MonotonicClock.now() - started < .milliseconds(10_000))
    }

    /// The child runs within `PictureJob.maxAddressSpaceBytes` (RLIMIT_AS, issue 43): a picture
    /// that would need more ends the child, at once and without a picture. A 4096x4096 PNG with
    /// transparency on an 8192x8192 xrgb8888 page (as `kind(arguments:)` allows): 64 MiB
    /// decoded, 64 MiB premultiplied, then 128 MiB scaled across, past the limit. Without it
    /// the child would go on to about 900 MiB, for longer than the test waits.
    @Test func theChildCannotGrowPastItsAddressSpaceLimit() throws {
        let layout = try #require(FramebufferLayout(physicalWidth: 8192, physicalHeight: 8192, format: .xrgb8888))
        let worker = PictureWorker(executable: try builtTouchpanel(), timeLimit: .milliseconds(20_000))
        let png = bigTransparentPNG()
        #expect(png.count < 14_000)
        #expect(worker.submit(.init(target: .page(0), png: png, kind: .page(layout: layout, background: .black), source: "t")) == nil)
        guard case .failure(let failure) = finish(worker).first?.result else {
            Issue.record("a picture")
            return
        }
        #expect(failure.reason.hasPrefix("the decoder ended without a picture ("), "\(failure.reason)")
    }

    /// The newest picture for a target replaces one that waits.
    @Test func theNewestPictureForATargetWins() throws {
        let worker = PictureWorker(executable: try builtTouchpanel(), timeLimit: .milliseconds(120_000))
        let first = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/rgba8.png")))
        let second = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/rgb8.png")))
        #expect(worker.submit(.init(target: .icon(button: 2), png: first, kind: .icon(sizePx: 8), source: "first")) == nil)
        #expect(worker.submit(.init(target: .icon(button: 2), png: second, kind: .icon(sizePx: 8), source: "second")) == nil)
        let finished = finish(worker)
        #expect(finished.map { $0.request.source } == ["second"])
    }

    /// Nine pictures for nine targets sent together are all taken (issue 43: four were refused
    /// with "4 pictures wait to be decoded already"); a newer one for a target still replaces
    /// the one that waits, so one waits per target at most. No child starts before a turn.
    @Test func everyTargetKeepsItsNewestPicture() throws {
        let worker = PictureWorker(executable: "/nonexistent")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/rgba8.png")))
        for button in 0..<9 {
            #expect(worker.submit(.init(target: .icon(button: button), png: png, kind: .icon(sizePx: 8), source: "first \(button)")) == nil)
        }
        #expect(worker.submit(.init(target: .icon(button: 4), png: png, kind: .icon(sizePx: 8), source: "second 4")) == nil)
        // Each turn starts the next (a child that cannot start: a failure that names its request).
        var sources: [String] = []
        while worker.startsNext {
            sources += worker.turn(now: MonotonicInstant(nanoseconds: 0)).map { $0.request.source }
        }
        #expect(sources == ["first 0", "first 1", "first 2", "first 3", "first 5", "first 6", "first 7", "first 8", "second 4"])
    }
}

/// A 4096x4096 PNG, 1 bit a pixel, every pixel palette entry 0 at alpha 128: 13 KB that
/// decode to 64 MiB of RGBA, which premultiplying copies. Its 2,101,248 bytes of zeros (each
/// row a filter byte and 512 bytes) are one fixed-Huffman deflate block: 96 literal zeros, then
/// 8,144 copies of 258 bytes at distance 1.
private func bigTransparentPNG() -> [UInt8] {
    let rawBytes = 4096 * (1 + 512)
    var zlib: [UInt8] = [0x78, 0x01]
    var bits: UInt64 = 0, count = 0
    /// `value`'s low `width` bits, first bit first (block headers, extra bits).
    func put(_ value: UInt64, _ width: Int) {
        bits |= value << UInt64(count)
        count += width
        while count >= 8 {
            zlib.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
            count -= 8
        }
    }
    /// A Huffman code, its most significant bit first.
    func code(_ value: UInt64, _ width: Int) {
        for bit in (0..<width).reversed() { put((value >> UInt64(bit)) & 1, 1) }
    }
    put(1, 1)                                        // BFINAL
    put(1, 2)                                        // BTYPE 01: fixed Huffman codes
    for _ in 0..<(rawBytes % 258) { code(0x30, 8) }  // literal 0
    for _ in 0..<(rawBytes / 258) {
        code(0xC5, 8)                                // length 258 (symbol 285)
        code(0, 5)                                   // distance 1
    }
    code(0, 7)                                       // end of block (256)
    if count > 0 { put(0, 8 - count) }
    zlib += HandMadePNG.bigEndian(HandMadePNG.adler32OfZeros(count: rawBytes))
    let header = HandMadePNG.bigEndian(4096) + HandMadePNG.bigEndian(4096) + [1, 3, 0, 0, 0]   // 1 bit, palette
    return HandMadePNG.signature + HandMadePNG.chunk("IHDR", header) + HandMadePNG.chunk("PLTE", [200, 100, 50])
        + HandMadePNG.chunk("tRNS", [128]) + HandMadePNG.chunk("IDAT", zlib) + HandMadePNG.chunk("IEND", [])
}
