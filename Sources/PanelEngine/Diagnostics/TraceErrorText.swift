import LinuxSystem
import PanelConfig
import TouchCore

/// The message for a bad trace line, shared by `replay` and the simulated board:
/// `trace.txt:7: expected a touch ID from 0 to 15, found "16"`.
public enum TraceErrorText {
    public static func describe(_ error: TraceLineError, in line: UnsafeBufferPointer<UInt8>, path: String, lineNumber: Int) -> String {
        let found = String(decoding: UnsafeBufferPointer(rebasing: line[error.fieldStart..<error.fieldEnd]), as: UTF8.self)
        let expected = error.kind.expectation.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        return "\(path):\(lineNumber): expected \(expected), found \"\(ControlBytes.escaped(found))\""
    }
}
