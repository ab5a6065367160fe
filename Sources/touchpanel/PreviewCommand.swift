import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// `touchpanel preview CONFIG [--page NAME | --all-pages] [--state ITEM=LOOK]... [--format F]
/// [--history DIR] --out PATH`: what the panel shows, as PNG, without a trace and without hardware: the
/// design loop for a layout. One page (the first, or `--page`) into the file PATH, or with
/// `--all-pages` each page into the directory PATH as NAME.png.
enum PreviewCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var errors = OutputBuffer.standardError()
        defer { errors.flush() }
        func usage(_ message: String) -> Int32 {
            errors.write("touchpanel preview: \(message)\nusage: \(TouchPanelCommand.usage(of: "preview") ?? "")")
            return 2
        }
        var configPath: String?
        var pageName: String?
        var allPages = false
        var looks: [String: ButtonVisualState] = [:]
        var format = PixelFormat.xrgb8888
        var out: String?
        var historyDirectory: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case "--page", "--state", "--format", "--out", "--history":
                guard let value else { return usage("\(argument) needs a value") }
                index += 1
                switch argument {
                case "--page": pageName = value
                case "--out": out = value
                case "--history": historyDirectory = value
                case "--format":
                    switch value {
                    case "xrgb8888": format = .xrgb8888
                    case "rgb565": format = .rgb565
                    default: return usage("--format takes xrgb8888 or rgb565, not \"\(value)\"")
                    }
                default:
                    let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                    guard parts.count == 2, let look = PagePreview.lookNames.first(where: { $0.0 == parts[1] })?.1 else {
                        return usage("--state takes ITEM=LOOK, LOOK one of \(PagePreview.lookNames.map { $0.0 }.joined(separator: ", ")); not \"\(value)\"")
                    }
                    looks[parts[0]] = look
                }
            case "--all-pages":
                allPages = true
            default:
                guard configPath == nil, !argument.hasPrefix("--") else { return usage("unexpected \"\(argument)\"") }
                configPath = argument
            }
            index += 1
        }
        guard let configPath else { return usage("no CONFIG") }
        guard let out else { return usage("no --out PATH") }
        guard !(allPages && pageName != nil) else { return usage("give --page NAME or --all-pages, not both") }
        let config: PanelConfiguration
        do {
            config = try PanelConfigLoader.load(path: configPath)
        } catch {
            for configError in error.errors { errors.write(configError.rendered + "\n") }
            return 1
        }
        let itemNames = config.buttons.map { $0.name } + config.texts.map { $0.name } + config.sliders.map { $0.name }
        for name in looks.keys.sorted() where !itemNames.contains(name) {
            errors.write("touchpanel preview: --state \(name): no item \"\(name)\" in \(configPath); items: \(itemNames.joined(separator: ", "))\n")
            return 1
        }
        var pages: [(index: Int, path: String)] = []
        if allPages {
            guard !config.pages.isEmpty else {
                errors.write("touchpanel preview: --all-pages: \(configPath) has no [page NAME] sections\n")
                return 1
            }
            pages = config.pages.indices.map { ($0, out + "/" + config.pages[$0].name + ".png") }
        } else if let pageName {
            guard let page = config.pages.firstIndex(where: { $0.name == pageName }) else {
                let known = config.pages.isEmpty ? "it has no [page NAME] sections" : "pages: " + config.pages.map { $0.name }.joined(separator: ", ")
                errors.write("touchpanel preview: --page \(pageName): no such page in \(configPath); \(known)\n")
                return 1
            }
            pages = [(page, out)]
        } else {
            pages = [(0, out)]
        }
        // What `run` would log while it brings the page images in (a cache folder that cannot
        // be written) goes to stderr as `run` writes it.
        let preview: PagePreview
        do throws(StartError) {
            preview = try PagePreview(config: config, pages: pages.map { $0.index }, format: format, log: StandardErrorLog(), historyDirectory: historyDirectory)
        } catch {
            errors.write("touchpanel preview: \(error.message)\n")
            return 1
        }
        for (page, path) in pages {
            switch preview.png(page: page, looks: looks) {
            case .failure(let problem):
                errors.write("touchpanel preview: \(problem.message)\n")
                return 1
            case .success(let png):
                do {
                    try FramebufferSnapshot.writeFile(path: path, bytes: png)
                } catch {
                    errors.write("touchpanel preview: \(error.message)\n")
                    return 1
                }
            }
        }
        return 0
    }
}
