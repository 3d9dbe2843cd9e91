/// Whether an image says what its reference says, judged exactly and before any pixel
/// tolerance: the words of the image just drawn against those recorded beside the reference.
public enum WordsVerdict: Sendable, Equatable {
    /// Every recorded word is the same.
    case same(ReferenceWords)
    /// At least one recorded word differs: the comparison fails, whatever the pixels.
    case differ(reference: ReferenceWords, actual: ReferenceWords)
    /// No words beside the reference (recorded before they were stored): only pixels compared.
    case notRecorded(sidecar: String)
    /// The words file is there but unusable: the comparison fails (a reference whose words
    /// cannot be read is never taken as one without words).
    case unreadable(String)

    /// Judges `actual` against the words file at `sidecar`.
    public static func judge(_ actual: ReferenceWords, sidecar: String) -> WordsVerdict {
        do throws(ReferenceWordsProblem) {
            guard let reference = try ReferenceWords.read(sidecar: sidecar) else { return .notRecorded(sidecar: sidecar) }
            return reference == actual ? .same(reference) : .differ(reference: reference, actual: actual)
        } catch {
            return .unreadable(error.message)
        }
    }

    /// Whether the words alone fail the comparison.
    public var failed: Bool {
        switch self {
        case .same, .notRecorded: false
        case .differ, .unreadable: true
        }
    }

    /// Whether recorded words differ (not merely unreadable).
    public var isDifference: Bool {
        if case .differ = self { return true }
        return false
    }

    /// The words recorded beside the reference, when there are readable ones.
    public var reference: ReferenceWords? {
        switch self {
        case .same(let words), .differ(let words, _): words
        case .notRecorded, .unreadable: nil
        }
    }

    /// What a failure message says about the words, one line each, before the pixel summary:
    /// for changed words, both sentences with the changed words marked (`[-$25.00-]`,
    /// `{+$25.01+}`) and every other recorded word that changed; nothing when they are the same.
    /// `howToRecord` ends the note of a reference without words and the line of an unreadable one.
    public func lines(howToRecord: String) -> [String] {
        switch self {
        case .same:
            return []
        case .notRecorded(let sidecar):
            return [
                "words not checked: no \(sidecar) beside the reference (recorded before words were stored), so only pixels were"
                    + " compared; \(howToRecord) to store them"
            ]
        case .unreadable(let why):
            return ["\(why); \(howToRecord) to write it again"]
        case .differ(let reference, let actual):
            var lines = ["the words differ from the reference's (compared exactly, before any pixel tolerance):"]
            let now = actual.fields
            for (index, (key, old)) in reference.fields.enumerated() {
                let new = now[index].value
                // Both sentences always; any other word only when it changed.
                guard key == "sentence" || old != new else { continue }
                let changes = WordChanges(from: old, to: new)
                let width = key.count + 14
                func label(_ side: String) -> String {
                    let text = "  \(key), \(side):"
                    return text + String(repeating: " ", count: max(1, width - text.count + 1))
                }
                lines.append(label("reference") + WordChanges.marked(old, changes.removed, WordChanges.removedMark))
                lines.append(label("now") + WordChanges.marked(new, changes.added, WordChanges.addedMark))
            }
            return lines
        }
    }
}
