import BreakdownContent
import BreakdownLayout
import Foundation

/// What a breakdown says, recorded beside its reference image (`NAME.words.json` beside
/// `NAME.png`) and compared exactly before any pixel tolerance: a tolerance that absorbs
/// antialiasing can absorb a one-cent change too, but never a changed word.
///
/// A sidecar JSON file rather than text chunks in the PNG: the reference image keeps the bytes
/// the renderer wrote (an older reference gains its words without its image being re-encoded),
/// a code review shows a changed price as a one-line text diff where a PNG shows nothing, and
/// PNG optimisers strip text chunks without a word, which would quietly turn a reference back
/// into one whose words are never checked.
public struct ReferenceWords: Sendable, Codable, Equatable {
    /// Whose view: `ios` or `android`.
    public var view: String
    /// The sentence without the logo and link, e.g. `or 4 interest-free payments of $25.00 with`.
    public var sentence: String
    /// What VoiceOver (iOS) or TalkBack (Android's `contentDescription`) says.
    public var accessibilityLabel: String
    /// The web's text alternative: the sentence and the brand as written.
    public var altText: String
    /// The page the info link opens; nil when there is none.
    public var linkURL: String?
    /// The link style asked for (`circledInfoIcon`, `moreInfoText`, …, `custom`, `none`).
    public var linkStyle: String
    /// The words the link draws (`ⓘ`, `More Info`, the custom markup); nil when it draws an image or nothing.
    public var linkText: String?
    /// The logo's brand (`afterpay`, `clearpay`, `cashAppAfterpay`).
    public var logoBrand: String
    /// The logo's type (`badge`, `lockup`, `compactBadge`).
    public var logoType: String
    /// The logo's palette (the Android view: its colour scheme).
    public var logoPalette: String
    /// Whether the view draws nothing.
    public var hidden: Bool

    /// What `view` says.
    public init(view: BreakdownView) {
        let breakdown = view.breakdown
        self.view = view.platform.rawValue
        sentence = breakdown.text
        accessibilityLabel = breakdown.accessibilityLabel
        altText = breakdown.altText
        linkURL = breakdown.link.url
        linkText =
            switch breakdown.link.content {
            case .circledInfoIcon: "\u{24D8}"
            case .text(let words): words
            case .markup(let markup): markup
            case .none, .circledQuestionIcon, .circledLogo: nil
            }
        logoBrand = breakdown.logo.brand.rawValue
        hidden = breakdown.isHidden
        switch view {
        case .ios(let inputs):
            linkStyle = inputs.options.moreInfoOptions.modalLinkStyle.name
            logoType = breakdown.logo.kind.rawValue
            logoPalette = breakdown.logo.palette.rawValue
        case .android(let inputs, let android):
            linkStyle = inputs.options.moreInfoOptions.modalLinkStyle.name
            logoType = android.logo.type.rawValue
            logoPalette = android.logo.scheme.rawValue
        }
    }

    /// Each recorded word by its key, in the order a message lists them (the sentence first).
    public var fields: [(key: String, value: String)] {
        [
            ("sentence", sentence), ("accessibilityLabel", accessibilityLabel), ("altText", altText), ("linkURL", linkURL ?? "(none)"),
            ("linkStyle", linkStyle), ("linkText", linkText ?? "(none)"), ("logoBrand", logoBrand), ("logoType", logoType),
            ("logoPalette", logoPalette), ("hidden", hidden ? "true" : "false"), ("view", view),
        ]
    }

    /// `refs/a.png` → `refs/a.words.json`.
    public static func sidecarPath(forReference path: String) -> String {
        (path.hasSuffix(".png") ? String(path.dropLast(4)) : path) + ".words.json"
    }

    /// Pretty JSON with sorted keys and a final newline: the same words give the same bytes.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Only strings, a bool and an optional string: encoding cannot fail.
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// The most a words file may hold: 1 MiB (a few hundred bytes is usual).
    public static let maximumFileSize = 1 << 20

    /// What a reference's words file holds: nil when there is none (a reference recorded before
    /// words were stored); throws a one-line reason when it cannot be read or is not a words file.
    public static func read(sidecar path: String) throws(ReferenceWordsProblem) -> ReferenceWords? {
        let bytes: [UInt8]
        do throws(RegularFile.Problem) {
            bytes = try RegularFile.read(path, limit: maximumFileSize)
        } catch {
            if error.isMissing { return nil }
            throw ReferenceWordsProblem("cannot read the words beside the reference, \(path): it \(error.reason)")
        }
        do {
            return try JSONDecoder().decode(ReferenceWords.self, from: Data(bytes))
        } catch {
            throw ReferenceWordsProblem(
                "\(path) is not a words file (expected the JSON object `--record` writes: sentence, accessibilityLabel, altText, …)")
        }
    }
}
