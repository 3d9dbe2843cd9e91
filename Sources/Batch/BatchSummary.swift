import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation
import BreakdownIO

/// The end of a batch: counts, time, and whether it stopped early.
package struct BatchSummary: Sendable {
    /// Records of this shard read from the manifest.
    var records: Int
    var counts: BatchCounts
    var seconds: Double
    /// `--fail-fast` stopped it.
    var stoppedEarly: Bool
    /// A write no later record could escape (a full disk, the output folder removed) stopped it.
    var stoppedUnwritable = false
    /// An earlier run of a batch used the output folder (its own folder was there): replaced
    /// files its journal does not record may be that run's, renamed into place before it stopped.
    var earlierRunsHere = false
    /// SIGINT or SIGTERM stopped it.
    var interruptedBy: Int32? = nil
    /// Why finished records could not be made durable in the journal (they are drawn again next time).
    var journalFailure: String? = nil
    /// `--report` could not be written (said in its own line; the summary is still printed).
    var reportFailure: CLIError? = nil
    /// The command line options that changed for images replaced or kept (`locale en_CA → fr_CA`).
    var changes: [String] = []
    /// The first files of failed or hidden records removed, kept or left (up to 8 each), for the line.
    var removedSample: [String] = []
    var keptSample: [String] = []
    var foreignSample: [String] = []
    var replacedSample: [String] = []
    var leftoverSample: [String] = []
    /// The images replaced or kept (`--on-change`) that an earlier run drew otherwise: the first eight.
    var changedSample: [String] = []
    /// Records no longer in the manifest whose files an earlier run drew (removed under `--prune`).
    var gone = BatchGoneRecords()

    /// `--fail-on none`: failed records are reported and counted, and the run exits 0.
    var failuresExitZero = false
    /// A CSV manifest's delimiter and how it was chosen (`read as ';'-separated (told from the header)`).
    var delimiter: String? = nil
    /// The example limits the command line left in place (`ExampleLimits`), or nil.
    var limitsNote: String? = nil
    /// The instant sales were judged at and where it came from (`2026-12-04T01:30:00Z (now)`), or nil.
    var salesAsOf: String? = nil
    /// `--scale 1,2,3`: the scales drawn and, when names got `@2x` added, that they did.
    var scalesNote: String? = nil

    /// 128 + the signal when interrupted; 75 for a fault of the machine (the disk full, the
    /// output folder gone, the journal not durable): retrying may help; else 1 when a record
    /// failed (retrying will not help; 0 under `--fail-on none`), 0 when none did.
    package var exitStatus: Int32 {
        if let interruptedBy { return 128 + interruptedBy }
        if stoppedUnwritable || journalFailure != nil || counts.causes[FailureCause.machine.key, default: 0] > 0
            || reportFailure?.exitStatus == ExitStatus.temporaryFailure
        {
            return ExitStatus.temporaryFailure
        }
        if let reportFailure { return reportFailure.exitStatus }
        return counts.failed > 0 && !failuresExitZero ? ExitStatus.failure : ExitStatus.success
    }

    /// `rendered 1990, skipped 0, hidden 0, failed 10` and the others there are (outside
    /// limits, duplicates, not run).
    var countsLine: String {
        var text = "rendered \(counts.rendered), skipped \(counts.skipped), hidden \(counts.hidden), failed \(counts.failed)"
        if counts.failed > 0, !counts.causes.isEmpty { text += " (" + FailureCause.totals(counts.causes) + ")" }
        if counts.outsideLimits > 0 { text += ", outside limits \(counts.outsideLimits)" }
        if counts.duplicates > 0 { text += ", duplicates \(counts.duplicates)" }
        if counts.noPrice > 0 { text += ", no price \(counts.noPrice)" }
        if counts.notRun > 0 { text += ", not run \(counts.notRun)" }
        return text
    }

    /// `rendered 1990, skipped 0, hidden 0, failed 10 (2000 records in 23.4 s, 85.0 images/s)`,
    /// then what else happened: low-contrast warnings, images replaced or kept, an early stop.
    package var line: String {
        var text = countsLine
        let rate = seconds > 0 ? Double(counts.rendered + counts.outsideLimits) / seconds : 0
        text += " (\(Self.count(records, "record")) in \(String(format: "%.1f", seconds)) s, \(String(format: "%.1f", rate)) images/s)"
        if let delimiter { text += "; CSV \(delimiter)" }
        if let limitsNote { text += "; limits: \(limitsNote)" }
        if let salesAsOf { text += "; sales as of \(salesAsOf)" }
        if let scalesNote { text += "; \(scalesNote)" }
        if counts.warnings > 0 { text += "; \(Self.count(counts.warnings, "low-contrast warning"))" }
        // Which images (the first eight), then what changed on the command line, if anything did:
        // a record's own values (a new price) change its image too.
        let why = changes.isEmpty ? "" : "; on the command line: \(changes.joined(separator: ", "))"
        if counts.replacedChanged > 0 {
            text += "; replaced \(Self.count(counts.replacedChanged, "image")) an earlier run drew with other options or another renderer"
            text += " (\(Self.sample(changedSample, counts.replacedChanged + counts.kept))\(why)); --on-change keep|replace|fail"
        }
        if counts.kept > 0 {
            text += "; kept \(Self.count(counts.kept, "image")) an earlier run drew with other options"
            text += " (\(Self.sample(changedSample, counts.replacedChanged + counts.kept))\(why)) (--on-change keep)"
        }
        if counts.removedFiles > 0 {
            text += "; removed \(Self.count(counts.removedFiles, "file")) an earlier run drew for records that failed or are hidden now (\(Self.sample(removedSample, counts.removedFiles)))"
        }
        if counts.removedLeftovers > 0 {
            text += "; removed \(Self.count(counts.removedLeftovers, "file")) an earlier run drew for records drawn again that this run does not write (\(Self.sample(leftoverSample, counts.removedLeftovers)))"
        }
        if let sentence = gone.sentence { text += "; " + sentence }
        if counts.keptFiles > 0 {
            text += "; kept \(Self.count(counts.keptFiles, "file")) an earlier run drew for records that failed or are hidden now, so they may show an old price (\(Self.sample(keptSample, counts.keptFiles)); --on-change keep)"
        }
        if counts.replacedUnknown > 0 {
            // In a fresh folder no run wrote them; after earlier runs, one that was stopped
            // (SIGKILL, a full disk) may have renamed its last images into place unrecorded.
            let whose = earlierRunsHere
                ? "that the batch's journal does not record (an earlier run stopped before recording them, or someone else put them there)"
                : "that no run of this batch wrote"
            text += "; replaced \(Self.count(counts.replacedUnknown, "file")) already in the output folder \(whose), with records' images of the same name (\(Self.sample(replacedSample, counts.replacedUnknown)))"
        }
        if counts.foreignFiles > 0 {
            text += "; left \(Self.count(counts.foreignFiles, "file")) of the names of records that failed or are hidden, which no run of this batch drew (\(Self.sample(foreignSample, counts.foreignFiles)))"
        }
        if stoppedUnwritable {
            text += "; stopped, as no later image could be written either"
        } else if stoppedEarly {
            text += "; stopped at the first failure (--fail-fast)"
        }
        if let interruptedBy { text += "; interrupted by \(BatchInterrupt.name(interruptedBy)), the rest of the manifest not read" }
        return text
    }

    /// `A1.png, A1.svg` and, past the sample, `and 3 more`.
    static func sample(_ names: [String], _ total: Int) -> String {
        names.joined(separator: ", ") + (total > names.count ? " and \(total - names.count) more" : "")
    }

    /// `1 record`, `2 records`.
    static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
}
