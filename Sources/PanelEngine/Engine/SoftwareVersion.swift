/// The version `touchpanel version` prints, the Debian package carries (scripts/build/package.sh
/// reads it from here) and Home Assistant shows for the device.
public enum SoftwareVersion {
    public static let text: StaticString = "0.1.0"
}
