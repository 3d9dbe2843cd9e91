import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

/// Resume: beside a record's outputs, `.breakdown-batch/NAME.done` records the fingerprint they
/// were drawn with (options + renderer version) and the files written. It is renamed into place
/// after the images, in the same atomic group, so it exists only when every file is whole.
/// A record is skipped when its marker has the same fingerprint and lists, and the folder holds,
/// every file this run would write.
enum BatchResumeMarker {
    static let folderName = ".breakdown-batch"
    private static let header = "breakdown batch resume marker 1"

    static func path(for name: String, in settings: BatchSettings) -> String {
        settings.markerDirectory + "/" + name + ".done"
    }

    static func contents(fingerprint: String, files: [String]) -> Data {
        Data(([header, fingerprint] + files).joined(separator: "\n").appending("\n").utf8)
    }

    /// True when the outputs `files` of `name` exist and were drawn with `fingerprint`.
    static func isUpToDate(name: String, fingerprint: String, files: [String], settings: BatchSettings) -> Bool {
        guard let data = FileManager.default.contents(atPath: path(for: name, in: settings)), data.count < 64 * 1024 else {
            return false
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.count >= 2, lines[0] == header, lines[1] == fingerprint else { return false }
        let written = Set(lines.dropFirst(2))
        return files.allSatisfy { written.contains($0) && FileManager.default.fileExists(atPath: settings.outputDirectory + "/" + $0) }
    }
}
