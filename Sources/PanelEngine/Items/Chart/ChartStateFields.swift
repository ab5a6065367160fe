import PanelConfig
import TouchCore

extension PanelEngine {
    /// A chart's state for `ctl state`: the buckets filled and the newest value (null before
    /// the first).
    func chartStateFields(_ index: Int) -> [ItemStateField] {
        let ring = charts.rings[index]
        let entity = config.charts[index].entity.map { [ItemStateField(key: "entity", topic: nil, value: .text($0.description))] } ?? []
        return entity + [
            ItemStateField(key: "points", topic: nil, value: .number("\(ring.filledCount)")),
            ItemStateField(key: "last", topic: nil, value: .number(ring.lastMilli.map { ChartConfig.text(ofMilli: $0) } ?? "null")),
        ]
    }
}
