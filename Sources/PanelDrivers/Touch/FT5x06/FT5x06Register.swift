import LinuxSystem
import PanelEngine

/// FT5x06 register addresses (FocalTech's FT5x06 register map; the kernel's edt-ft5x06 driver
/// names the same ones). One place, so no magic numbers in the driver or the simulated chip.
public enum FT5x06Register {
    /// DEVICE_MODE, GEST_ID, TD_STATUS: the report header starts here.
    public static let report: UInt8 = 0x00
    /// TD_STATUS: low nibble = number of points.
    public static let tdStatus: UInt8 = 0x02
    /// The first point's XH; each point is 6 bytes.
    public static let firstPoint: UInt8 = 0x03
    /// ID_G_THGROUP: touch detection threshold.
    public static let threshold: UInt8 = 0x80
    /// ID_G_PERIODACTIVE: report period in active mode.
    public static let activePeriod: UInt8 = 0x88
    /// ID_G_CIPHER: chip id.
    public static let chipID: UInt8 = 0xA3
    /// ID_G_FIRMID: firmware version.
    public static let firmwareVersion: UInt8 = 0xA6
    /// ID_G_FT5201ID: CTPM (panel maker) vendor id.
    public static let vendorID: UInt8 = 0xA8
}
