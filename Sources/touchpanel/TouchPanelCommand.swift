import CLinux
import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// The command line: `run`, `record`, `replay`, `check`, `entities`, `reload`, `preview`, `safe-outputs`, `exec-runner`, `probe`, `calibrate`, `ctl`, `fleet`, `version`.
enum TouchPanelCommand {
    static let version = SoftwareVersion.text

    static func run(_ arguments: [String]) -> Int32 {
        let rest = Array(arguments.dropFirst())
        guard let command = rest.first else {
            printUsage(to: .standardError())
            return 2
        }
        // `touchpanel SUBCOMMAND --help`: that subcommand's usage, before any of its arguments
        // is taken for a file name.
        if rest.count > 1, rest.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }),
            let text = usage(of: command)
        {
            var out = OutputBuffer.standardOutput()
            out.write(text)
            out.flush()
            return 0
        }
        switch command {
        case "run":
            return RunCommand.run(Array(rest.dropFirst()))
        case "probe":
            return ProbeCommand.run(Array(rest.dropFirst()))
        case "ctl":
            return ControlCommandLine.run(Array(rest.dropFirst()))
        case "calibrate":
            return CalibrateCommand.run(Array(rest.dropFirst()))
        case "record":
            // record CONFIG TRACE [run's options]: the panel as `run`, writing the raw trace.
            guard rest.count >= 3, !rest[2].hasPrefix("--") else { return usageError("record takes CONFIG and TRACE") }
            return RunCommand.run([rest[1]] + Array(rest.dropFirst(3)), recordPath: rest[2])
        case "replay":
            let debugGestures = rest.contains("--debug-gestures")
            let paths = rest.dropFirst().filter { $0 != "--debug-gestures" }
            guard paths.count == 2 else { return usageError("replay takes CONFIG and TRACE") }
            return ReplayCommand.run(configPath: paths[paths.startIndex], tracePath: paths[paths.startIndex + 1], debugGestures: debugGestures)
        case "check":
            let quiet = rest.contains("--quiet")
            let paths = rest.dropFirst().filter { $0 != "--quiet" }
            guard paths.count == 1, let path = paths.first, !path.hasPrefix("--") else {
                return usageError("check takes CONFIG [--quiet]")
            }
            return CheckCommand.run(configPath: path, quiet: quiet)
        case "reload":
            return ReloadCommand.run(Array(rest.dropFirst()))
        case "fleet":
            return FleetCommand.run(Array(rest.dropFirst()))
        case "preview":
            return PreviewCommand.run(Array(rest.dropFirst()))
        case "entities":
            return EntitiesCommand.run(Array(rest.dropFirst()))
        case "safe-outputs":
            guard rest.count == 2 else { return usageError("safe-outputs takes CONFIG") }
            return SafeOutputsCommand.run(configPath: rest[1])
        case "exec-runner":
            guard rest.count == 1 else { return usageError("exec-runner takes no arguments: its standard input is its panel's connection") }
            return ExecRunner.run(log: StandardErrorLog())
        case "decode-picture":
            // Not for users: the child that decodes a picture set at run time (PictureJob).
            return DecodePictureCommand.run(Array(rest.dropFirst()))
        #if !hasFeature(Embedded)
        case "key-docs":
            // Not for users, host build only: every section's key table, between the markers
            // scripts/update-doc-keys.sh writes into the docs and the manual page from.
            var out = OutputBuffer.standardOutput()
            for (name, table) in KeyDocTables.all {
                out.write("<!-- keys:\(name) -->\n\(table)<!-- /keys:\(name) -->\n")
            }
            out.flush()
            return 0
        #endif
        case "version", "--version":
            var out = OutputBuffer.standardOutput()
            out.write("touchpanel ")
            out.write(version)
            out.write("\n")
            out.flush()
            return 0
        case "help", "--help", "-h":
            printUsage(to: .standardOutput())
            return 0
        default:
            return usageError("unknown command \"\(command)\"")
        }
    }

    private static func usageError(_ message: String) -> Int32 {
        var errors = OutputBuffer.standardError()
        errors.write("touchpanel: \(message)\n")
        printUsage(to: errors)
        return 2
    }

    /// Each subcommand's usage lines, as `touchpanel --help` lists them all.
    static let subcommandUsages: [(name: String, text: String)] = [
        ("run", """
            touchpanel run CONFIG [--trace FILE] [--png-dir DIR] [--png-at MS,...] [--fast] [--format F] [--wall-clock YYYY-MM-DDTHH:MM:SS] [--debug NAME,...]
                                             run the panel (hardware, or the simulated board);
                                             --debug logs the transitions of gestures, holds,
                                             power, mqtt, homeassistant, exec, flips, watchdog,
                                             source, bindings, or all

            """),
        ("record", """
            touchpanel record CONFIG TRACE [run's options]
                                             run the panel and write every raw report it reads
                                             to TRACE, which replay plays back to the same lines

            """),
        ("replay", """
            touchpanel replay CONFIG TRACE [--debug-gestures]
                                             play a trace, print event lines (JSON)

            """),
        ("check", """
            touchpanel check CONFIG [--quiet]
                                             validate a config, print it with the board applied;
                                             --quiet: print only warnings and errors (the unit's
                                             ExecStartPre)

            """),
        ("entities", """
            touchpanel entities CONFIG [DOMAIN]
                                             list the entities of the config's Home Assistant
                                             ([homeassistant]): id, name and state, tab-separated

            """),
        ("reload", """
            touchpanel reload PID            reload the config of the panel PID (SIGHUP) and wait
                                             for its answer: exit 0 when the new config runs, 1
                                             with the reason when it was refused and the previous
                                             one goes on (the unit's ExecReload, with
                                             $RUNTIME_DIRECTORY; at most 20 s)

            """),
        ("preview", """
            touchpanel preview CONFIG [--page NAME | --all-pages] [--state ITEM=LOOK]... [--format xrgb8888|rgb565] [--history DIR] --out PATH
                                             draw what the panel shows as PNG, without a trace or
                                             hardware: the first page or --page into the file
                                             PATH, or each page into the directory PATH as
                                             NAME.png; LOOK: normal, pressed, on, disabled,
                                             pending or unknown; charts show the histories kept
                                             in DIR (the state directory), else none

            """),
        ("safe-outputs", """
            touchpanel safe-outputs CONFIG   drive every output of CONFIG to its inactive level
                                             (the unit runs it after every stop, crashes too)

            """),
        ("exec-runner", """
            touchpanel exec-runner           run a panel's exec commands without its groups
                                             ([exec] groups = none; touchpanel-exec.socket
                                             starts it, its standard input the connection)

            """),
        ("probe", """
            touchpanel probe [CONFIG] [--bus N] [--address A]
                                             identify the touch controller (FT5x06 or Goodix GT911)
                                             on CONFIG's bus and address, or the ones given

            """),
        ("calibrate", """
            touchpanel calibrate CONFIG [--trace FILE] [--png-dir DIR]
                                             touch five targets; prints the [controller]
                                             calibration line to paste (simulated board: a trace
                                             touches them)

            """),
        ("ctl", """
            touchpanel ctl [--socket PATH] [--time] COMMAND...
                                             send a command to a running panel's [control] socket
                                             (state, label, latch, enable, disable, brightness,
                                             wake, blank) and print its JSON reply

            """),
        ("fleet", """
            touchpanel fleet status --broker URL [--group G] [--prefix FLEET] [--ca-file F] [--username U] [--password-file F]
                                             list the fleet's panels from the broker's retained
                                             messages: online, version, config hash, source,
                                             last seen, drift; URL: mqtt://HOST[:PORT] or
                                             mqtts://HOST[:PORT] (with --ca-file); exit 2 when
                                             the broker cannot be reached
            touchpanel fleet push DIR --broker URL --key FILE [--canary NODE] [--timeout-s N] [login options]
                                             check, sign and push DIR/NODE.ini to each panel
                                             (common.ini is not one); with --canary that panel
                                             first, the rest only once it applied it; waits
                                             (60 s) for each to say applied; exit 1 otherwise

            """),
        ("version", """
            touchpanel version               print the version

            """),
    ]

    static func usage(of command: String) -> String? {
        guard let entry = subcommandUsages.first(where: { $0.name == command }) else { return nil }
        return "usage: " + entry.text
    }

    private static func printUsage(to output: OutputBuffer) {
        var output = output
        output.write("usage:\n")
        for entry in subcommandUsages {
            for line in entry.text.split(separator: "\n") {
                output.write("  " + String(line) + "\n")
            }
        }
        output.flush()
    }
}

/// `touchpanel check CONFIG`: every error with file:line, exit 1; or the effective config,
/// after any warnings on stderr (exit 0: a warning does not stop the panel), ending with
/// comment lines on what fitting the labels kept in the glyph cache and what the prepared looks
/// take.
enum CheckCommand {
    /// A label that does not fit its button even at the smallest size is clipped on the
    /// panel: said here, with the button's line. Needs the config's font, whose glyph cache
    /// after fitting every label is what the panel holds once it has drawn them: said in a
    /// comment, so the output still reads back as the config.
    ///
    /// A font that does not load stops `run`, so it is an error here (`problems`), with the
    /// line that names it.
    static func labelCheck(_ config: PanelConfiguration) -> (problems: [String], warnings: [String], cacheLine: String?) {
        let font: FontRasterizer
        do throws(FontError) {
            font = try FontRasterizer(paths: config.display.fonts, pixelSize: DisplayConfig.defaultFontSize)
        } catch {
            let named = config.namedFiles.all.first { $0.section == "display" && $0.key == "font" }
            let prefix = named?.prefix ?? "\(config.file): [display] font: "
            return ([prefix + error.message], [], nil)
        }
        var iconFont: IconFont?
        do throws(FontError) {
            iconFont = try FramebufferSurface.openIconFont(for: config)
        } catch {
            let named = config.namedFiles.all.first { $0.section == "display" && $0.key == "icon_font" }
            let prefix = named?.prefix ?? "\(config.file): [display] icon_font: "
            return ([prefix + error.message], [], nil)
        }
        let fits = FramebufferSurface.labelFits(for: config, font: font, iconFont: iconFont)
        var warnings = missingGlyphWarnings(config, font: font, iconFont: iconFont)
        for (button, fit) in zip(config.buttons, fits) where !fit.fits {
            let rect = button.rect
            let room = button.icons == nil ? "" : " beside its icon"
            warnings.append("\(config.file(ofSection: "button \(button.name)")):\(button.line): [button \(button.name)] label: warning: \"\(LabelText.escaped(button.label))\" "
                + "does not fit the \(rect.width)x\(rect.height) button\(room) even at \(LabelFit.minimumPixelSize) px; it is drawn clipped "
                + "(a shorter label, a line break \\n, or a larger rect\(button.icons == nil ? "" : " or a smaller icon_size"))")
        }
        for (slider, fit) in zip(config.sliders, FramebufferSurface.sliderTextFits(for: config, font: font)) {
            guard let fit, !fit.fits else { continue }
            let rect = slider.rect
            warnings.append("\(config.file(ofSection: "\(slider.noun) \(slider.name)")):\(slider.line): [\(slider.noun) \(slider.name)] label: warning: the label and value do not fit "
                + "the \(rect.width)x\(rect.height) slider at \(fit.pixelSize) px; they are drawn cut at its edges "
                + "(a shorter label or format, a smaller font_size, or a larger rect)")
        }
        let cacheLine = "; glyph cache after fitting the labels: \(font.glyphCacheCount) glyphs, "
            + "\(font.glyphCacheByteCount) of \(font.glyphCacheByteLimit) bytes\n"
        return ([], warnings, cacheLine + PreparedLookSizes.commentLine(for: config, font: font, iconFont: iconFont))
    }

    /// An icon its font does not have, and a label's character the font draws as nothing (an
    /// emoji in DejaVu Sans): said with the line of the key, or of the section.
    static func missingGlyphWarnings(_ config: PanelConfiguration, font: FontRasterizer, iconFont: IconFont?) -> [String] {
        var warnings: [String] = []
        for button in config.buttons {
            var missing: [Unicode.Scalar] = []
            for scalar in button.label.unicodeScalars + (button.sublabel?.text ?? "").unicodeScalars
            where scalar != "\n" && scalar != " " && !LineLayout.isInvisible(scalar) && !font.hasGlyph(for: scalar) {
                if !missing.contains(scalar) { missing.append(scalar) }
            }
            if !missing.isEmpty {
                let listed = missing.map { "\"\(Character($0))\" (U+\(String($0.value, radix: 16, uppercase: true)))" }.joined(separator: ", ")
                let lacking = config.display.fallbackFonts.isEmpty
                    ? "\(config.display.font) has no glyph" : "no font of the chain (\(config.display.fonts.joined(separator: ", "))) has a glyph"
                warnings.append("\(config.file(ofSection: "button \(button.name)")):\(button.line): [button \(button.name)] label: warning: \(lacking) for "
                    + "\(listed); drawn as nothing (for icons: icon = mdi:NAME with [display] icon_font)")
            }
            guard let icons = button.icons, let iconFont else { continue }
            for given in icons.given where given.glyph.isGlyph && iconFont.character(for: given.glyph) == nil {
                let place = given.line > 0
                    ? "\(config.origins.place(section: "button \(button.name)", key: given.key)?.file ?? config.file):\(given.line)"
                    : "\(config.file(ofSection: "button \(button.name)")):\(button.line)"
                warnings.append("\(place): [button \(button.name)] \(given.key): warning: "
                    + "\(iconFont.rasterizer.path) has no glyph \(given.glyph.written); the button shows its label without it")
            }
        }
        return warnings
    }

    /// What `check` says of the config at `configPath`: the config when it has no error,
    /// its warnings and its errors, each a line with file:line. `fleet push` checks each
    /// panel's config with it.
    static func checked(configPath: String) -> (config: PanelConfiguration?, warnings: [String], errors: [String]) {
        do {
            let config = try PanelConfigLoader.load(path: configPath)
            let labels = labelCheck(config)
            let warnings = config.warnings.map { $0.rendered } + labels.warnings
            // What `run` would stop at before it opens a device: the files the config names.
            let problems = labels.problems + MQTTBringUp.fileProblems(config.namedFiles) + HomeAssistantBringUp.fileProblems(config.namedFiles)
                + Ed25519Key.trustKeyProblems(config.namedFiles)
                + PageBackgrounds.problems(config)
                + IconPictures.problems(config)
            return (problems.isEmpty ? config : nil, warnings, problems)
        } catch {
            return (nil, [], error.errors.map { $0.rendered })
        }
    }

    /// `quiet`: only warnings and errors, on stderr; nothing on stdout (the unit's
    /// `ExecStartPre`, whose output is the journal's at every start).
    static func run(configPath: String, quiet: Bool = false) -> Int32 {
        let result = checked(configPath: configPath)
        if !result.warnings.isEmpty || !result.errors.isEmpty {
            var errors = OutputBuffer.standardError()
            for line in result.warnings + result.errors {
                errors.write(line)
                errors.write("\n")
            }
            errors.flush()
        }
        guard let config = result.config else { return 1 }
        if quiet { return 0 }
        var out = OutputBuffer.standardOutput()
        out.write(config.effectiveText())
        if let cacheLine = labelCheck(config).cacheLine { out.write(cacheLine) }
        out.flush()
        return 0
    }
}
