import LinuxSystem
import PanelConfig
import PanelEngine

extension LineSelector {
    /// The config's line reference as libgpiod looks it up.
    init(_ line: LineRef) {
        switch line {
        case .offset(let offset): self = .offset(offset)
        case .name(let name): self = .name(name)
        }
    }
}
