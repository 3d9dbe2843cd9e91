@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownServer
import Foundation
import Testing
import BreakdownIO

/// The server's query keys are the manifest keys: one vocabulary.
@Suite struct ServeVocabularyTests {
    @Test func queryKeysAreTheManifestKeysWithoutFilePaths() {
        let query = BreakdownService.queryGroups.allOptions.map(\.name)
        let manifest = BatchRecordPlanner.groups.allOptions.map(\.name)
        #expect(query == manifest.filter { $0 != "font-file" && $0 != "logo-assets" })
        #expect(manifest.contains("font-file") && manifest.contains("logo-assets"))
        // Every query key is a `render` option (render takes --key).
        let render = [ContentOptions.group, RenderOptions.drawing].allOptions.map(\.name)
        #expect(Set(query).isSubset(of: Set(render)))
    }

    @Test func queriesAndRecordsGiveTheSameValuesAndErrors() throws {
        let service = try BreakdownService(
            configuration: ServerConfiguration(), identity: "test",
            renderers: try ThreadRenderers(count: 0) { throw CLIError.failure("no renderer needed") }, metrics: ServerMetrics())
        let fromQuery = try service.options(from: "amount=129.95&locale=en_GB&cbt&scale=2&text-color=%23112233")
        let fromRecord = try ParsedOptions(
            record: ["amount": "129.95", "locale": "en_GB", "cbt": "true", "scale": "2", "text-color": "#112233"],
            groups: BatchRecordPlanner.groups)
        #expect(fromQuery.values == fromRecord.values && fromQuery.flags == fromRecord.flags)
        #expect(BreakdownService.normalized(fromQuery) == BreakdownService.normalized(fromRecord))
        for (query, record) in [("amount=x", ["amount": "x"]), ("logo=big", ["logo": "big"]), ("cbt=maybe", ["cbt": "maybe"])] {
            var queryError = "", recordError = ""
            do { _ = try service.options(from: Substring(query)) } catch { queryError = error.message }
            do { _ = try ParsedOptions(record: record, groups: BatchRecordPlanner.groups) } catch { recordError = error.message }
            #expect(!queryError.isEmpty && queryError == recordError, "\(query)")
        }
    }
}
