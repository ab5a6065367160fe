/// What `touchpanel fleet push DIR` pushes: one panel per `NODE.ini` in the folder (NODE is the
/// file's name without `.ini`; `common.ini` is what the panels include, not a panel), in name
/// order, the canary first when one is named.
public struct FleetPushPlan: Equatable, Sendable {
    public struct Panel: Equatable, Sendable {
        public var node: String
        /// The panel's file, `DIR/NODE.ini`.
        public var file: String

        public init(node: String, file: String) {
            self.node = node
            self.file = file
        }
    }

    /// The file every panel's file includes: never pushed on its own.
    public static let commonFile = "common.ini"

    public var panels: [Panel]
    public var canary: String?

    public init(panels: [Panel], canary: String?) {
        self.panels = panels
        self.canary = canary
    }

    /// The plan for a folder holding `fileNames`; or why there is none (no panel file, a name
    /// that cannot be a topic level, a canary that is not one of them).
    public static func make(folder: String, fileNames: [String], canary: String?) -> Result<FleetPushPlan, FleetCommandProblem> {
        var panels: [Panel] = []
        for name in fileNames.sorted() where name.hasSuffix(".ini") && name != commonFile {
            let node = String(name.dropLast(".ini".count))
            guard !node.isEmpty, !node.hasPrefix("."), node.utf8.allSatisfy({ $0 > 0x20 && $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "#") })
            else {
                return .failure(FleetCommandProblem("\(folder)/\(name): \"\(node)\" cannot be a node's name (no spaces, +, # or hidden files)"))
            }
            panels.append(Panel(node: node, file: folder.hasSuffix("/") ? folder + name : folder + "/" + name))
        }
        guard !panels.isEmpty else {
            return .failure(FleetCommandProblem("\(folder): no NODE.ini to push (\(commonFile) is not a panel)"))
        }
        if let canary {
            guard let index = panels.firstIndex(where: { $0.node == canary }) else {
                return .failure(FleetCommandProblem("--canary \(canary): \(folder) has no \(canary).ini"))
            }
            panels.insert(panels.remove(at: index), at: 0)
        }
        return .success(FleetPushPlan(panels: panels, canary: canary))
    }

    /// A push's sequence: the Unix time in seconds, or one past what the topic already holds
    /// when that is as new (two pushes in one second, or a clock set back).
    public static func sequence(nowS: UInt64, retained: UInt64?) -> UInt64 {
        guard let retained, retained >= nowS else { return nowS }
        return retained + 1
    }
}
