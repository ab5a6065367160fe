import LinuxSystem
import PanelConfig

/// The messages the panel sends Home Assistant, as JSON text. Every command carries an id
/// that grows within a connection (Home Assistant refuses one that does not).
public enum HomeAssistantRequest {
    /// The login. It holds the token: the bridge hands it to the connection and keeps no copy.
    public static func auth(token: String) -> String {
        "{\"type\":\"auth\",\"access_token\":\(JSONText.quoted(token))}"
    }

    /// The state of exactly these entities: their current state at once, then their changes.
    static func subscribeEntities(id: Int, _ entities: [EntityID]) -> String {
        var text = "{\"id\":\(id),\"type\":\"subscribe_entities\",\"entity_ids\":["
        for (index, entity) in entities.enumerated() {
            if index > 0 { text += "," }
            text += JSONText.quoted(entity.description)
        }
        return text + "]}"
    }

    static func unsubscribe(id: Int, subscription: Int) -> String {
        "{\"id\":\(id),\"type\":\"unsubscribe_events\",\"subscription\":\(subscription)}"
    }

    static func ping(id: Int) -> String {
        "{\"id\":\(id),\"type\":\"ping\"}"
    }

    /// `call.data` as written (checked to be one JSON object when the config was read), with
    /// `entity` as the target unless the data names its own.
    static func callService(id: Int, _ call: ServiceCall, entity: EntityID?) -> String {
        var text = "{\"id\":\(id),\"type\":\"call_service\",\"domain\":\(JSONText.quoted(call.domain)),\"service\":\(JSONText.quoted(call.service))"
        if let data = call.data { text += ",\"service_data\":" + data }
        if let entity, !call.namesEntity { text += ",\"target\":{\"entity_id\":\(JSONText.quoted(entity.description))}" }
        return text + "}"
    }

    /// A chart's slice of its entity's recorded states, in the short form (`s` the state, `lu`
    /// its time), every change (not only the significant ones), without attributes: a chart
    /// reads the state alone.
    static func historyDuringPeriod(id: Int, _ slice: ChartHistorySlice) -> String {
        var text = "{\"id\":\(id),\"type\":\"history/history_during_period\",\"start_time\":\"\(UTCTimestamp.text(epochMs: slice.startEpochMs))\","
        if let endEpochMs = slice.endEpochMs { text += "\"end_time\":\"\(UTCTimestamp.text(epochMs: endEpochMs))\"," }
        text += "\"entity_ids\":[\(JSONText.quoted(slice.entity.description))],\"minimal_response\":true,\"no_attributes\":true,"
            + "\"significant_changes_only\":false"
        if !slice.includesStartState { text += ",\"include_start_time_state\":false" }
        return text + "}"
    }

    public static func getStates(id: Int) -> String {
        "{\"id\":\(id),\"type\":\"get_states\"}"
    }
}
