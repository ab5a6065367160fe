import TouchCore

extension MonotonicDuration {
    /// A `*_s` key's value: whole seconds, 0 (or not given) for never.
    static func seconds(orNever seconds: Int?) -> MonotonicDuration? {
        guard let seconds, seconds > 0 else { return nil }
        return .seconds(Int64(seconds))
    }
}
