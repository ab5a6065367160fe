import LinuxSystem
import PanelEngine
import TouchCore

/// Runs `touchpanel decode-picture` children for pictures set at run time (`PictureJob`), one
/// at a time, and never waits on one: each turn of the loop writes at most `chunkBytes` of the
/// PNG to the child and reads at most `chunkBytes` of what it made, through non-blocking pipes
/// the loop polls. Decoding, scaling and converting run in the child, on another core, at a
/// lower priority; the panel's turn only copies bytes. A page's picture is read straight into
/// anonymous memory of its own (`MappedMemory`), which becomes the page's background.
///
/// Newest wins: a picture for a target that already has one waiting replaces it; one being made
/// is finished and drawn (so a flood of pictures for one button still shows one every
/// decoding), and the newest follows. So at most one picture waits per target (button or
/// page), and pictures for other targets are never refused for the queue's sake: the queue
/// is bounded by the config, each picture by `PictureJob.maxPNGBytes`. A child that has not
/// answered in `timeLimit` is stopped.
public final class PictureWorker {
    public struct Request {
        public var target: PictureTarget
        public var png: [UInt8]
        public var kind: PictureJob.Kind
        /// Names it in log lines (`mqtt: P/button/lamp/icon/set`).
        public var source: String

        public init(target: PictureTarget, png: [UInt8], kind: PictureJob.Kind, source: String) {
            self.target = target
            self.png = png
            self.kind = kind
            self.source = source
        }
    }

    public enum Made {
        case icon(RGBAImage)
        case page(MappedMemory)
    }

    public struct Finished {
        public var request: Request
        /// The picture, or why there is none (one line, without the source).
        public var result: Result<Made, Failure>
    }

    public struct Failure: Error {
        public var reason: String
    }

    /// Bytes written to a child, and read from it, in one turn at most.
    public static let chunkBytes = 64 * 1024
    public static let defaultTimeLimit = MonotonicDuration.milliseconds(30_000)
    /// How long a child may take before it is stopped.
    public let timeLimit: MonotonicDuration

    private let executable: String
    private var waiting: [Request] = []
    private var running: Running?
    /// Turns a child took to make its picture, and its time in ms, for the last one made:
    /// figures for tests and the benchmark.
    public private(set) var lastJobTurns = 0

    /// `executable`: this program (`/proc/self/exe`, whose `decode-picture` command serves it).
    public init(executable: String = "/proc/self/exe", timeLimit: MonotonicDuration = PictureWorker.defaultTimeLimit) {
        self.executable = executable
        self.timeLimit = timeLimit
    }

    /// Whether a picture waits or is being made.
    public var isBusy: Bool { running != nil || !waiting.isEmpty }

    /// Queues `request` in place of the one waiting for its target, if any; nil when taken,
    /// else why not. Its size is read from the PNG's header here, so an image over 4096x4096
    /// (or bytes that are no PNG) is refused before any child starts.
    public func submit(_ request: Request) -> String? {
        if request.png.count > PictureJob.maxPNGBytes {
            return PNGError(source: "", reason: .fileTooLarge(bytes: request.png.count)).reasonText
        }
        do throws(PNGError) {
            _ = try PNGDecoder.header(of: request.png, source: request.source)
        } catch {
            return error.reasonText
        }
        waiting.removeAll { $0.target == request.target }
        waiting.append(request)
        return nil
    }

    /// The child's pipes: its input while bytes are left to write, its output.
    public var pollInterests: [PollInterest] {
        guard let running else { return [] }
        var interests: [PollInterest] = []
        if let input = running.child.input { interests.append(PollInterest(descriptor: input, events: .writable)) }
        if let output = running.child.output { interests.append(PollInterest(descriptor: output, events: .readable)) }
        return interests
    }

    /// Whether a picture waits and no child runs: the next turn starts one.
    public var startsNext: Bool { running == nil && !waiting.isEmpty }

    /// When the running child is stopped if it has not answered (on the clock `turn` is given).
    public var timeLimitAt: MonotonicInstant? {
        running.map { $0.startedAt + timeLimit }
    }

    /// One turn: starts the next child when none runs, then moves at most `chunkBytes` each
    /// way; what finished (made, refused or failed) is returned.
    public func turn(now: MonotonicInstant) -> [Finished] {
        var finished: [Finished] = []
        if running == nil, !waiting.isEmpty {
            let request = waiting.removeFirst()
            do throws(SpawnError) {
                let child = try PipedChild(executable: executable, arguments: ["touchpanel", "decode-picture"] + PictureJob.arguments(request.kind))
                running = Running(request: request, child: child, startedAt: now)
            } catch {
                finished.append(Finished(request: request, result: .failure(Failure(reason: "cannot start the decoder: \(error.errno.message)"))))
            }
        }
        guard let job = running else { return finished }
        job.turns += 1
        job.feed()
        if let outcome = job.drain() {
            running = nil
            job.child.stop()
            lastJobTurns = job.turns
            finished.append(Finished(request: job.request, result: outcome))
        } else if now >= job.startedAt + timeLimit {
            running = nil
            job.child.stop()
            finished.append(Finished(request: job.request, result: .failure(Failure(
                reason: "no picture within \(timeLimit.nanoseconds / 1_000_000_000) s; the decoder was stopped"))))
        }
        return finished
    }

    /// One child and what has passed between it and the panel.
    private final class Running {
        let request: Request
        let child: PipedChild
        let startedAt: MonotonicInstant
        var turns = 0
        /// PNG bytes written so far.
        private var written = 0
        /// The answer's first line, until its newline.
        private var header: [UInt8] = []
        private var expected: (widthPx: Int, heightPx: Int, bytes: Int)?
        private var refusal: String?
        private var page: MappedMemory?
        private var icon: [UInt8] = []
        private var received = 0
        private var problem: String?
        private let scratch: UnsafeMutableRawBufferPointer

        init(request: Request, child: PipedChild, startedAt: MonotonicInstant) {
            self.request = request
            self.child = child
            self.startedAt = startedAt
            scratch = .allocate(byteCount: PictureWorker.chunkBytes, alignment: 16)
        }

        deinit {
            scratch.deallocate()
        }

        /// At most `chunkBytes` of the PNG to the child; its input closed after the last.
        func feed() {
            guard child.input != nil else { return }
            let count = min(PictureWorker.chunkBytes, request.png.count - written)
            let transfer = request.png.withUnsafeBytes { bytes in
                child.write(UnsafeRawBufferPointer(rebasing: bytes[written..<(written + count)]))
            }
            switch transfer {
            case .moved(let moved): written += moved
            case .wouldBlock: break
            case .closed, .failed: child.closeInput()
            }
            if written == request.png.count { child.closeInput() }
        }

        /// At most `chunkBytes` of the answer; the outcome once the child closed its output
        /// (or said something that cannot be right).
        func drain() -> Result<Made, Failure>? {
            guard child.output != nil else { return outcome() }
            switch child.read(into: scratch) {
            case .moved(let count):
                take(UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
                return problem != nil ? outcome() : nil
            case .wouldBlock:
                return nil
            case .closed:
                return outcome()
            case .failed(let error):
                problem = "cannot read the decoder's answer: \(error.message)"
                return outcome()
            }
        }

        private func take(_ bytes: UnsafeRawBufferPointer) {
            var bytes = bytes[...]
            if expected == nil && refusal == nil {
                guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
                    header += bytes
                    if header.count > 512 { problem = "the decoder's answer makes no sense" }
                    return
                }
                header += bytes[bytes.startIndex..<newline]
                bytes = bytes[(newline + 1)...]
                readHeader()
                guard problem == nil, expected != nil else { return }
            }
            guard let expected else { return }
            guard received + bytes.count <= expected.bytes else {
                problem = "the decoder said more than it announced"
                return
            }
            if let page {
                UnsafeMutableRawBufferPointer(rebasing: page.bytes[received..<(received + bytes.count)]).copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes))
            } else {
                icon.append(contentsOf: bytes)
            }
            received += bytes.count
        }

        /// `ok W H BYTES` (checked against what was asked for) or `refused REASON`.
        private func readHeader() {
            let text = String(decoding: header, as: UTF8.self)
            if text.hasPrefix("refused ") {
                refusal = String(text.dropFirst("refused ".count))
                return
            }
            let words = text.split(separator: " ").map { Int($0) }
            guard words.count == 4, text.hasPrefix("ok "), let width = words[1], let height = words[2], let bytes = words[3] else {
                problem = "the decoder's answer makes no sense"
                return
            }
            switch request.kind {
            case .icon(let size):
                guard width >= 1, height >= 1, width <= size, height <= size, bytes == width * height * RGBAImage.bytesPerPixel else {
                    problem = "the decoder made a \(width)x\(height) icon for a \(size)-pixel square"
                    return
                }
                icon.reserveCapacity(bytes)
            case .page(let layout, _):
                guard bytes == layout.bufferSize, let memory = MappedMemory(byteCount: bytes) else {
                    problem = "no memory for the page's picture (\(bytes) bytes)"
                    return
                }
                page = memory
            }
            expected = (width, height, bytes)
        }

        private func outcome() -> Result<Made, Failure> {
            if let problem { return .failure(Failure(reason: problem)) }
            if let refusal { return .failure(Failure(reason: refusal)) }
            guard let expected, received == expected.bytes else {
                let how = child.reapIfEnded().map { ChildEnding.describe($0) } ?? "closed its output"
                return .failure(Failure(reason: "the decoder ended without a picture (\(how))"))
            }
            if let page { return .success(.page(page)) }
            return .success(.icon(RGBAImage(widthPx: expected.widthPx, heightPx: expected.heightPx, pixels: icon)))
        }
    }
}

/// How a child ended, in a log's words.
enum ChildEnding {
    static func describe(_ termination: ChildTermination) -> String {
        switch termination {
        case .exited(let status): "it exited with status \(status)"
        case .signaled(let signal): "it was killed by \(SignalNames.describe(signal))"
        case .other(let status): "wait status \(status)"
        }
    }
}
