import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
/// `--shard K/N`: this process takes the records whose manifest index i has i % N == K
/// (K from 0). The N shards together take every record exactly once, whatever the manifest.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
    var index: Int
    var count: Int

    static let whole = Shard(index: 0, count: 1)

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 0 <= K < N.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (0..<count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    func contains(_ recordIndex: Int) -> Bool { recordIndex % count == index }

    package var description: String { "\(index)/\(count)" }
}
