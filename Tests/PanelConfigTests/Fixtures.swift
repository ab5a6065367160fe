import PanelConfig
import Testing
import TouchCore

/// Three lines: an 800x480 display. Sections that follow start on line 4.
let display800x480 = "[display]\nwidth = 800\nheight = 480\n"

/// The rendered errors of parsing `text` as `panel.ini`, or [] when it parses.
func renderedErrors(_ text: String, file: String = "panel.ini") -> [String] {
    do {
        _ = try PanelConfigLoader.parse(text: text, file: file)
        return []
    } catch {
        return error.errors.map { $0.rendered }
    }
}

/// The errors of parsing `text`, for checks of their fields.
func configErrors(_ text: String, file: String = "panel.ini") -> [ConfigError] {
    do {
        _ = try PanelConfigLoader.parse(text: text, file: file)
        return []
    } catch {
        return error.errors
    }
}

/// The configuration `text` parses to; nil (with the errors recorded) when it does not.
func parsed(_ text: String, file: String = "panel.ini") -> PanelConfiguration? {
    do {
        return try PanelConfigLoader.parse(text: text, file: file)
    } catch {
        Issue.record("unexpected errors:\n\(error.rendered)")
        return nil
    }
}

func ms(_ milliseconds: Int64) -> MonotonicDuration {
    MonotonicDuration(nanoseconds: milliseconds * 1_000_000)
}

