import LinuxSystem

extension HomeAssistantDiscovery {
    /// A panel of a fleet (`[fleet]`) in Home Assistant: diagnostic sensors read from
    /// `P/health` (uptime, the touch path's p99, anonymous memory, the CPU's temperature,
    /// events dropped), and a firmware update entity read from `P/update`, which says an
    /// update is available once `FLEET/latest` announces a version other than the panel's.
    static func fleetEntities(topics: MQTTTopics) -> [DiscoveryEntity] {
        func health(_ object: String, _ name: String, _ field: String, _ keys: String) -> DiscoveryEntity {
            DiscoveryEntity(
                component: "sensor", object: "health_" + object,
                body: "\"name\":\(JSONText.quoted(name)),\"state_topic\":\(JSONText.quoted(topics.health))"
                    + ",\"value_template\":\"{{ value_json.\(field) }}\"" + keys + ",\"entity_category\":\"diagnostic\"")
        }
        return [
            health("uptime", "Uptime", "uptime_s", ",\"device_class\":\"duration\",\"unit_of_measurement\":\"s\""),
            health("touch_p99", "Touch p99", "touch_p99_ms",
                   ",\"device_class\":\"duration\",\"unit_of_measurement\":\"ms\",\"state_class\":\"measurement\""),
            health("anon_memory", "Anonymous memory", "anon_kb",
                   ",\"device_class\":\"data_size\",\"unit_of_measurement\":\"kB\",\"state_class\":\"measurement\""),
            health("cpu_temperature", "CPU temperature", "cpu_temp_c",
                   ",\"device_class\":\"temperature\",\"unit_of_measurement\":\"°C\",\"state_class\":\"measurement\""),
            health("dropped", "Dropped events", "dropped", ",\"state_class\":\"total_increasing\",\"icon\":\"mdi:message-alert-outline\""),
            DiscoveryEntity(
                component: "update", object: "firmware",
                body: "\"name\":\"Firmware\",\"state_topic\":\(JSONText.quoted(topics.update)),\"device_class\":\"firmware\""
                    + ",\"entity_category\":\"config\""),
        ]
    }
}
