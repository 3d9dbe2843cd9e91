import Foundation
import Testing

/// Every reference image shows something no other one does: no two files in `__Snapshots__` are
/// byte-identical, except the groups below, which must be identical, each for a stated reason.
/// A case whose picture equals another's checks nothing its name claims.
@Suite struct ReferenceImagesDifferTests {
    /// Groups of references (paths under `__Snapshots__`) that must hold the same bytes, and why.
    static let mustBeEqual: [(files: Set<String>, why: String)] = {
        var groups: [(files: Set<String>, why: String)] = []
        for locale in ["en_AU", "en_GB", "fr_CA"] {
            for appearance in ["light", "dark"] {
                groups.append((
                    ["ReferenceSuiteTests/\(locale)-lockup-alt-\(appearance).png", "ReferenceSuiteTests/\(locale)-lockup-lightMono-\(appearance).png"],
                    "the lockup has no ground, and both alt and lightMono draw its mark black (behavior.md section 5)"))
            }
        }
        for palette in ["default", "alt", "darkMono", "lightMono"] {
            for appearance in ["light", "dark"] {
                groups.append((
                    ["ReferenceSuiteTests/en_US-lockup-\(palette)-\(appearance).png", "ReferenceSuiteTests/en_US-compactBadge-\(palette)-\(appearance).png"],
                    "in the US the mark is always the Cash App lockup, and lockup and compactBadge share one size rule (1.0, 1.2)"))
            }
        }
        groups.append((
            ["ReferenceSuiteTests/en_AU-badge-default-light.png", "ReferenceSuiteTests/link-circledInfoIcon.png",
             "ReferenceSuiteTests/fr_CA-merchant-en_CA-device.png"],
            "circledInfoIcon is the default link style; an fr_CA merchant seen on an en_CA device speaks English and writes CAD as $25.00, the same words and Afterpay badge as en_AU"))
        groups.append((
            ["ReferenceSuiteTests/link-none.png", "ReferenceSuiteTests/link-circledQuestionIcon.png", "ReferenceSuiteTests/link-circledLogo.png"],
            "the shipping SDK loads images named circled-question-icon and afterpay-logo-circle, which no asset catalog of it holds, so these links draw nothing and no space, as .none (docs/fidelity.md section 2)"))
        return groups
    }()

    static var snapshots: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    }

    /// Every PNG under `__Snapshots__`, by path relative to it.
    static func references() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = snapshots.standardizedFileURL.path + "/"
        let enumerator = try #require(FileManager.default.enumerator(at: snapshots, includingPropertiesForKeys: nil))
        for case let url as URL in enumerator where url.pathExtension == "png" {
            files[String(url.standardizedFileURL.path.dropFirst(root.count))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test func onlyTheListedGroupsAreByteIdentical() throws {
        let files = try Self.references()
        #expect(files.count > 100)
        var byContent: [Data: Set<String>] = [:]
        for (path, data) in files { byContent[data, default: []].insert(path) }
        let identical = Set(byContent.values.filter { $0.count > 1 })
        let declared = Set(Self.mustBeEqual.map(\.files))
        for group in identical.subtracting(declared) {
            Issue.record("these references are byte-identical, so they show the same thing: \(group.sorted()); make the cases differ, or list them with the reason")
        }
        for group in declared.subtracting(identical) {
            Issue.record("these references are listed as equal but are not (or not only these are equal): \(group.sorted())")
        }
    }

    @Test func everyReasonIsGiven() {
        for group in Self.mustBeEqual {
            #expect(group.files.count >= 2)
            #expect(group.why.count > 20)
        }
    }
}
