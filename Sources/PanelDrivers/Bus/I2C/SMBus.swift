import LinuxSystem
import PanelEngine

/// Limits of the SMBus protocol the transports share.
public enum SMBus {
    /// The most bytes one SMBus block transfer carries (I2C_SMBUS_BLOCK_MAX).
    public static let blockMax = 32
}
