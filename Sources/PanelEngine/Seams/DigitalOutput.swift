
/// A GPIO output an action drives.
public protocol DigitalOutput: AnyObject {
    /// Sets the line; returns an error message or nil.
    func drive(_ high: Bool) -> String?
}
