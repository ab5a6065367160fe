/// Where an `mqtt` action's message goes: the panel's broker connection (`MQTTBridge`).
/// It sends at once or drops with a log line; it never queues a device command.
public protocol DevicePublisher: AnyObject {
    func publishCommand(topic: String, payload: [UInt8], button: String)
}
