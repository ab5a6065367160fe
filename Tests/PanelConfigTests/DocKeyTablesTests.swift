import Foundation
@testable import PanelConfig
import Testing

/// The key tables in docs/config-reference.md are what the key enums' docs give (`KeyTables`).
/// scripts/update-doc-keys.sh writes them (and the manual page touchpanel.ini(5)) through the
/// host build's `touchpanel key-docs`; with `UPDATE_README_KEYS=1` this test writes the tables
/// instead of comparing.
@Suite("The config reference's key tables")
struct DocKeyTablesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Where tables may stand: each section's in exactly one of them.
    static let files = ["docs/config-reference.md"]

    static func begin(_ name: String) -> String { "<!-- keys:\(name) -->\n" }
    static func end(_ name: String) -> String { "<!-- /keys:\(name) -->" }

    @Test func everySectionsTableIsTheOneItsKeysGive() throws {
        let updating = ProcessInfo.processInfo.environment["UPDATE_README_KEYS"] == "1"
        let files = DocKeyTablesTests.files
        let urls = files.map { DocKeyTablesTests.root.appendingPathComponent($0) }
        var texts = try urls.map { try String(contentsOf: $0, encoding: .utf8) }
        let original = texts
        for (name, table) in KeyTables.all {
            let begin = DocKeyTablesTests.begin(name), end = DocKeyTablesTests.end(name)
            let holders = texts.indices.filter { texts[$0].contains(begin) }
            guard holders.count == 1, let index = holders.first else {
                Issue.record(Comment(rawValue: "[\(name)]: its key table belongs between \(begin.dropLast()) and \(end) in one of "
                                     + "\(files.joined(separator: ", ")); found in \(holders.count)"))
                continue
            }
            let start = try #require(texts[index].range(of: begin)).upperBound
            guard let stop = texts[index].range(of: end, range: start..<texts[index].endIndex) else {
                Issue.record("\(files[index]): \(begin.dropLast()) without \(end)")
                continue
            }
            if texts[index][start..<stop.lowerBound] == table { continue }
            if updating {
                texts[index].replaceSubrange(start..<stop.lowerBound, with: table)
            } else {
                Issue.record(Comment(rawValue: "\(files[index]): the [\(name)] key table is not what the binary takes; "
                                     + "run scripts/update-doc-keys.sh, or put this between the markers:\n\(table)"))
            }
        }
        for index in texts.indices where updating && texts[index] != original[index] {
            try texts[index].write(to: urls[index], atomically: true, encoding: .utf8)
        }
    }

    @Test func everyMarkerNamesASection() throws {
        let names = Set(KeyTables.all.map { $0.name })
        for file in DocKeyTablesTests.files {
            let text = try String(contentsOf: DocKeyTablesTests.root.appendingPathComponent(file), encoding: .utf8)
            for part in text.components(separatedBy: "<!-- keys:").dropFirst() {
                let name = String(part.prefix { $0 != " " })
                #expect(names.contains(name), "\(file): <!-- keys:\(name) --> names no section")
            }
        }
    }

    @Test func aTableListsEveryKeyInMessageOrder() {
        let table = KeyTables.table(TouchKey.self)
        #expect(table.hasPrefix("| key | default | what |\n|---|---|---|\n| `multi_tap_ms` | `250` | W: "))
        #expect(table.split(separator: "\n").count == 2 + TouchKey.allCases.count)
        #expect(table.contains("| `lost_ms` | `200` | held touches the controller stops reporting for this long are lost "
                                + "(cancelled), 1..60000 ms; not for evdev, which reports every lift |\n| `swipe_px` | `60` | "))
    }
}
