import TouchCore

/// A whole config file, validated: nothing in it is unknown, out of range or contradictory.
/// The program starts only with one of these (DESIGN.md section 5).
public struct PanelConfiguration: Equatable, Sendable {
    /// The file it came from, for messages at run time.
    public var file: String
    public var display: DisplayConfig
    /// The panel-wide `[touch]` timings (each button has its own copy with its overrides).
    public var timings: GestureTimings
    /// `lost_ms`: held touches unreported this long are cancelled.
    public var lostAfter: MonotonicDuration
    public var controller: ControllerConfig
    /// In file order: where rects overlap, the first listed wins.
    public var buttons: [ButtonConfig]
    /// The board preset applied, and whether the panel runs on the simulated board.
    public var board: BoardConfig

    public init(
        file: String, display: DisplayConfig, timings: GestureTimings = .defaults,
        lostAfter: MonotonicDuration = .milliseconds(200), controller: ControllerConfig, buttons: [ButtonConfig],
        board: BoardConfig = BoardConfig()
    ) {
        self.file = file
        self.display = display
        self.timings = timings
        self.lostAfter = lostAfter
        self.controller = controller
        self.buttons = buttons
        self.board = board
    }

    /// The buttons as the classifier sees them, in file order. The loader never accepts more
    /// than `ButtonLayout.capacity` buttons, so none is dropped.
    public func makeLayout() -> ButtonLayout {
        var layout = ButtonLayout()
        for button in buttons {
            layout.append(button.spec)
        }
        return layout
    }

    public func makeTransform() -> CoordinateTransform {
        CoordinateTransform(
            controllerWidth: controller.width, controllerHeight: controller.height,
            displayWidth: display.width, displayHeight: display.height,
            invertX: controller.invertX, invertY: controller.invertY, swapXY: controller.swapXY)
    }

    /// The whole hot path, ready for reports from this panel's controller.
    public func makePipeline() -> TouchPipeline {
        TouchPipeline(
            codec: FT5x06Codec(model: controller.model, width: controller.width, height: controller.height),
            transform: makeTransform(), lostAfter: lostAfter, layout: makeLayout())
    }
}
