import BreakdownTestSupport
import Foundation
import Testing

/// `breakdown render` in the test process with `--metadata`, and the metadata's rectangles, for
/// FidelityTests and FidelityEndToEndTests.
enum FidelityRender {
    static func render(_ arguments: [String], in folder: URL, name: String) throws -> (png: String, metadata: [String: Any], stderr: String) {
        let png = folder.appendingPathComponent(name + ".png").path
        let json = folder.appendingPathComponent(name + ".json").path
        let result = try InProcessCLI.run(["render"] + arguments + ["-o", png, "--metadata", json])
        #expect(result.status == 0, "\(result.stderr)")
        let metadata = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any] ?? [:]
        return (png, metadata, result.stderr)
    }

    static func rect(_ value: Any?) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let r = value as? [String: Double], let x = r["x"], let y = r["y"], let w = r["width"], let h = r["height"] else { return nil }
        return (x, y, w, h)
    }
}
