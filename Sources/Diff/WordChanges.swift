/// Which words of two texts differ: the positions of the words only the reference has and of
/// those only the actual has, what is left of each after their longest common subsequence of
/// words. The failure messages and the verify report mark these.
public struct WordChanges: Sendable, Equatable {
    /// Positions (in `words(reference)`) of the words only the reference has.
    public var removed: Set<Int>
    /// Positions (in `words(actual)`) of the words only the actual has.
    public var added: Set<Int>

    /// The words of a text: split at white space.
    public static func words(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }

    /// The changes from `reference` to `actual`, word by word.
    public init(from reference: String, to actual: String) {
        let old = Self.words(reference), new = Self.words(actual)
        // common[i][j]: the longest common subsequence of old[i...] and new[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var removed: Set<Int> = [], added: Set<Int> = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                i += 1
                j += 1
            } else if j < new.count, i == old.count || common[i][j + 1] >= common[i + 1][j] {
                added.insert(j)
                j += 1
            } else {
                removed.insert(i)
                i += 1
            }
        }
        self.removed = removed
        self.added = added
    }

    /// The text's words joined by single spaces, those at `changed` wrapped by `mark`.
    public static func marked(_ text: String, _ changed: Set<Int>, _ mark: (String) -> String) -> String {
        words(text).enumerated().map { index, word in changed.contains(index) ? mark(String(word)) : String(word) }
            .joined(separator: " ")
    }

    /// A word only the reference has, marked as `git diff --word-diff=plain` marks it: `[-$25.00-]`.
    public static func removedMark(_ word: String) -> String { "[-\(word)-]" }
    /// A word only the actual has, marked as `git diff --word-diff=plain` marks it: `{+$25.01+}`.
    public static func addedMark(_ word: String) -> String { "{+\(word)+}" }
}
