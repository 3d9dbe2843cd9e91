import BreakdownContent
import BreakdownEncode
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// A server whose artwork has nothing for the view a request asks for (iOS artwork and
/// `platform=android`, the Android SDK's res folder and the iOS view) answers 500, as for a
/// missing image, at every endpoint, naming no file of the server's: it answered 400 with the
/// server's artwork path in the detail. The view its artwork has is drawn as before.
@Suite struct ServeArtworkViewTests {
    /// A folder of the SDK's image files (iOS artwork): each image a small opaque PNG.
    static func imageFolder() throws -> URL {
        let folder = try BatchTestSupport.temporaryFolder("serve-image-folder")
        let encoder = try PNGEncoder()
        let png = Data(try encoder.encode(PixelImage(width: 60, height: 20, rgba: [UInt8](repeating: 0xFF, count: 60 * 20 * 4))))
        for name in LogoChoice.allImageNames { try png.write(to: folder.appendingPathComponent("\(name).png")) }
        return folder
    }

    @Test func aViewTheArtworkHasNothingForIsTheServersFault() throws {
        let images = try Self.imageFolder()
        defer { try? FileManager.default.removeItem(at: images) }
        let res = try AndroidFixture.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: res) }
        for (folder, kind, missing, drawn) in [
            (images, "folder of image files", "android", "ios"), (res, "Android res folder", "ios", "android"),
        ] {
            let server = try InProcessService(["--allow-unsigned", "--logo-assets", folder.path])
            for endpoint in ["png", "svg", "pdf", "json", "html"] {
                let reply = server.get("/v1/breakdown.\(endpoint)?amount=100&platform=\(missing)")
                #expect(reply.status == 500, "\(kind), \(missing) .\(endpoint): \(reply.status) \(reply.text.prefix(300))")
                let detail = (try? reply.json())?["detail"] as? String ?? ""
                #expect(detail == "this server's artwork (\(kind)) has none for the \(missing == "ios" ? "iOS" : "Android") view, which this request asks for (platform=\(missing))", "\(detail)")
                #expect(!reply.text.contains(folder.path) && !reply.text.contains(folder.lastPathComponent), "\(kind): names the server's folder: \(reply.text)")
            }
            let shown = server.get("/v1/breakdown.png?amount=100&platform=\(drawn)")
            #expect(shown.status == 200 && shown.body.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(kind), \(drawn): \(shown.status) \(shown.text.prefix(300))")
        }
    }
}
