/// The namespace of the OS wrapper tests: `swift test --filter Devices` runs them with the
/// device tests.
enum Devices {}
