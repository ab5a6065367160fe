import LinuxSystem
import PanelConfig
import TouchCore

/// The panel's bound buttons: which topic feeds which button, what each device reported, and
/// the looks that follow. The engine hands it every message on a bound topic and every
/// gesture that ran a bound button's action; it answers with look changes and log lines,
/// never with an action.
struct StateBindings {
    /// The largest payload read; a larger one is ignored with a log line (the broker link has
    /// its own `max_message_kb` in front of this).
    static let maxPayloadBytes = 64 << 10

    private let buttons: [ButtonConfig]
    /// Each button's state; nil for a button without `state_topic`.
    private(set) var states: [BoundState?]
    /// Topic -> the buttons bound to it, in button order.
    private var byTopic: [String: [Int]] = [:]
    /// The topics to subscribe to, in the order first named.
    let topics: [String]
    /// Entity -> the buttons bound to it, in button order.
    private var byEntity: [EntityID: [Int]] = [:]
    /// The entities to subscribe to, in the order first named.
    let entities: [EntityID]

    init(buttons: [ButtonConfig]) {
        self.buttons = buttons
        states = buttons.map { $0.binding == nil ? nil : .unknown }
        var topics: [String] = []
        var entities: [EntityID] = []
        for (index, button) in buttons.enumerated() {
            switch button.binding?.source {
            case .topic(let topic, _)?:
                if byTopic[topic] == nil { topics.append(topic) }
                byTopic[topic, default: []].append(index)
            case .entity(let entity)?:
                if byEntity[entity] == nil { entities.append(entity) }
                byEntity[entity, default: []].append(index)
            case nil:
                break
            }
        }
        self.topics = topics
        self.entities = entities
    }

    var isEmpty: Bool { topics.isEmpty && entities.isEmpty }

    /// The buttons bound to `entity` (none: not a bound entity).
    func buttons(showing entity: EntityID) -> [Int] {
        byEntity[entity] ?? []
    }

    /// The buttons bound to `topic` (none: not a bound topic).
    func buttons(on topic: String) -> [Int] {
        byTopic[topic] ?? []
    }

    /// What `payload` says for bound button `index`: on, off, or why it says neither.
    func reading(_ payload: [UInt8], for index: Int) -> Result<Bool, BindingProblem> {
        guard let binding = buttons[index].binding else { return .failure(.notBound) }
        guard payload.count <= StateBindings.maxPayloadBytes else { return .failure(.tooLarge(payload.count)) }
        let text: String
        if let field = binding.field {
            switch JSONField.value(at: field, in: payload) {
            case .success(.text(let value)): text = value
            case .success(.number(let value)): text = value
            case .success(.boolean(let value)): text = value ? "true" : "false"
            case .success(.null): text = "null"
            case .failure(let problem): return .failure(.field(binding.fieldText ?? "", problem))
            }
        } else {
            text = String(decoding: payload, as: UTF8.self)
        }
        if text == binding.on { return .success(true) }
        if text == binding.off { return .success(false) }
        return .failure(.neither(text, on: binding.on, off: binding.off))
    }

    /// Steps button `index`'s machine; the previous and new state.
    mutating func step(_ index: Int, _ input: BoundState.Input) -> (from: BoundState, to: BoundState, effect: BoundState.Effect)? {
        guard let state = states[index] else { return nil }
        let (next, effect) = BoundState.next(state, input)
        states[index] = next
        return (state, next, effect)
    }

    /// The earliest pending look's end.
    var nextDeadline: MonotonicInstant? {
        var earliest: MonotonicInstant?
        for state in states {
            if let due = state?.deadline { earliest = MonotonicInstant.earliest(earliest, due) }
        }
        return earliest
    }

    /// The look a state gives a bound button.
    static func apply(_ state: BoundState, to index: Int, in looks: inout ButtonRepaintTracker) {
        switch state {
        case .unknown:
            looks.setPending(index, false)
            looks.setLatched(index, false)
            looks.setUnknown(index, true)
        case .reported(let on):
            looks.setPending(index, false)
            looks.setUnknown(index, false)
            looks.setLatched(index, on)
        case .pending(_, let last):
            looks.setUnknown(index, last == nil)
            looks.setLatched(index, last ?? false)
            looks.setPending(index, true)
        }
    }
}

/// Why a message on a bound topic changed nothing.
enum BindingProblem: Error, Equatable {
    case notBound
    case tooLarge(Int)
    case field(String, JSONField.Problem)
    case neither(String, on: String, off: String)

    var message: String {
        switch self {
        case .notBound: "not bound"
        case .tooLarge(let bytes): "a payload of \(bytes) bytes, over \(StateBindings.maxPayloadBytes)"
        case .field(let path, let problem): "state_field \(path): \(problem.message)"
        case .neither(let text, let on, let off):
            "\"\(BindingProblem.shortened(text))\" is neither state_on (\(on)) nor state_off (\(off))"
        }
    }

    /// At most 40 characters of what came, for a log line.
    static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "..."
    }
}
