import PanelConfig

/// Where a `service` action's call goes: the panel's Home Assistant link
/// (`HomeAssistantBridge`). It calls at once or drops with a log line; it never queues a call.
public protocol ServiceCaller: AnyObject {
    /// `entity`: the item's entity, the target unless the call's data names one.
    func callService(_ call: ServiceCall, entity: EntityID?, button: String)
}
