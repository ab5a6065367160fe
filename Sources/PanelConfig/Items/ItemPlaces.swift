import TouchCore

/// Where each item is in the one index space of items (`ItemKind`).
extension PanelConfiguration {
    /// How many items the panel has, of every kind.
    public var itemCount: Int { buttons.count + texts.count + sliders.count + qrCodes.count + charts.count }

    /// How many items of `kind` the panel has.
    public func count(of kind: ItemKind) -> Int {
        switch kind {
        case .button: buttons.count
        case .text: texts.count
        case .slider: sliders.count
        case .qrCode: qrCodes.count
        case .chart: charts.count
        }
    }

    /// The place of the first item of `kind` (where its places start).
    public func firstPlace(of kind: ItemKind) -> Int {
        switch kind {
        case .button: 0
        case .text: buttons.count
        case .slider: buttons.count + texts.count
        case .qrCode: buttons.count + texts.count + sliders.count
        case .chart: buttons.count + texts.count + sliders.count + qrCodes.count
        }
    }

    /// The kind of the item at `place`, and its index among the items of that kind.
    public func item(at place: Int) -> (kind: ItemKind, index: Int) {
        if place < buttons.count { return (.button, place) }
        if place < buttons.count + texts.count { return (.text, place - buttons.count) }
        if place < buttons.count + texts.count + sliders.count { return (.slider, place - buttons.count - texts.count) }
        let firstChart = buttons.count + texts.count + sliders.count + qrCodes.count
        if place < firstChart { return (.qrCode, place - buttons.count - texts.count - sliders.count) }
        return (.chart, place - firstChart)
    }

    /// Each item's page, by place (`PageLayout.allPages`: on every page).
    public var itemPages: [Int] {
        buttons.map { $0.page } + texts.map { $0.page } + sliders.map { $0.page } + qrCodes.map { $0.page } + charts.map { $0.page }
    }
}
