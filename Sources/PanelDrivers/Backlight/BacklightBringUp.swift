import LinuxSystem
import PanelConfig
import PanelEngine

/// Finds and opens the `[backlight]` device: the one the config names, or the only one the
/// kernel has. Several without a name, or none, stop the start saying what there is.
public enum BacklightBringUp {
    public static let classDirectory = "/sys/class/backlight"

    /// Nil without `[backlight]`.
    public static func open(_ config: PanelConfiguration, in directory: String = classDirectory) throws(StartError) -> SysfsBacklight? {
        guard let backlight = config.backlight else { return nil }
        return try SysfsBacklight(path: "\(directory)/\(try deviceName(backlight, in: directory))")
    }

    /// The device's name in `directory`.
    public static func deviceName(_ backlight: BacklightConfig, in directory: String) throws(StartError) -> String {
        let present = DirectoryListing.names(in: directory).sorted()
        if let name = backlight.device {
            guard present.contains(name) else {
                throw StartError(.backlight, "[backlight] device \(name): not in \(directory)" + listing(present))
            }
            return name
        }
        guard present.count == 1 else {
            if present.isEmpty {
                throw StartError(.backlight, "[backlight]: \(directory) has no device; this display's backlight is not under the kernel's control (remove [backlight], or load its driver)")
            }
            throw StartError(.backlight, "[backlight]: \(directory) has \(present.count) devices; choose one with device = " + present.joined(separator: " or "))
        }
        return present[0]
    }

    private static func listing(_ names: [String]) -> String {
        names.isEmpty ? ", which is empty" : "; there: " + names.joined(separator: ", ")
    }
}
