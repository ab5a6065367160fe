import LinuxSystem

/// A display's backlight as the kernel's backlight class offers it: a brightness from 0 to
/// `maxBrightness`, and maybe a power switch (`bl_power`).
public protocol BacklightDevice: AnyObject {
    /// Where it is, for messages: `/sys/class/backlight/10-0045`.
    var path: String { get }
    var maxBrightness: Int { get }
    /// Whether it has `bl_power`, which switches the light off without losing the brightness.
    var hasPowerSwitch: Bool { get }
    /// Nil, or what went wrong.
    func setBrightness(_ value: Int) -> String?
    func setPower(on: Bool) -> String?
}
