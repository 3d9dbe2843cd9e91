import BreakdownLayout
import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import BreakdownEncode
import Foundation
import BreakdownIO

/// Turns manifest records into jobs, in manifest order, on one thread: checks every field with
/// the same validation as the command line, lays the record over the command line's options,
/// picks formats and the output name, and computes the fingerprint resume compares.
package final class BatchRecordPlanner {
    package static let groups = [ContentOptions.group, RenderOptions.drawing]
    /// Keys a record may have besides the option names.
    static let extraKeys = ["name", "format"]
    /// Option values left out of default names (paths and markup make poor file names).
    private static let unnamedOptions = Set(
        ([ContentOptions.locale, ContentOptions.amount, RenderOptions.fontFile, RenderOptions.logoAssets, ContentOptions.linkText] as [any OptionDeclaration])
            .map(\.name))
    static let maximumNameLength = 150
    /// A file name is at most 255 bytes: the stem leaves room for `@3x`, `.png` and the rest.
    static let maximumNameBytes = 200

    private let defaults: ParsedOptions
    private let defaultFormats: [OutputFormat]
    private let htmlBaseURL: String?
    private let identify: ([String], String?) -> String
    private var rendererVersions: [RenderersByResources.Key: String] = [:]
    /// The last iOS request made, and the record's values it was made from with the amount's
    /// value taken out: a record whose other values are the same gets the same request but for
    /// its amount (a catalogue's records mostly differ only in price), without reading it again.
    private var lastRequest: (values: [String: RecordValue], request: RenderRequest)?
    /// For those records too, the normalized text of every option but the amount (the first).
    private var lastNormalizedRest: String?
    /// Hash of each name used so far → what its record asked for (32 bits of a hash of the
    /// normalized options and formats) and the line it starts on (32 bits): 16 bytes a record.
    private var namesUsed = NameTable()
    /// With a name template: hash of each name → a hash of the values it was made from (16 bytes
    /// a record more), so two products whose values slug to one name are told from a duplicate.
    private var sourcesUsed = NameTable()
    /// Name clashes this planner found: the line of the record that took a name → the line of
    /// the first later record that gives it from other values (a pre-pass's finding).
    private(set) var clashes: [Int: Int] = [:]
    /// Name clashes a pre-pass over the whole manifest found (`clashes` of another planner): the
    /// record on such a line fails too, before anything is drawn, naming the later line.
    var clashingLines: [Int: Int] = [:]
    /// How columns become keys, names are made and prices read (`--map`, `--name`, `--number-locale`).
    private let columnMap: ColumnMap
    private let nameTemplate: NameTemplate?
    /// Columns the name template uses that are not keys: read for the name, not as options.
    private let templateColumns: Set<String>
    private let priceText: PriceText
    /// `--empty-amount`: a record without a price fails, is drawn as 0, or is skipped ("no price").
    private let emptyAmount: BatchSettings.EmptyAmount
    /// `--duplicate-names first`: a later record of a taken name is a duplicate, not a failure.
    private let duplicateNames: BatchSettings.DuplicateNames
    /// `--empty-name generate`: a record with an empty name is named from its options.
    private let emptyName: BatchSettings.EmptyName
    /// A CSV's header: a column it names that a row lacks was an empty cell.
    private let header: Set<String>?
    /// `--as-of` and `--time-zone`: when sales are judged, and the zone of dates without one.
    private let asOf: Date
    private let timeZone: TimeZone?
    /// `--scale 1,2,3`: the scales each record is drawn at (empty: one, the options').
    private let scales: [RenderScale]

    /// Made whole from the batch's settings and the manifest's header (a CSV's columns).
    /// - Parameter rendererVersion: the renderer's identity for some font files and artwork folder.
    init(
        settings: BatchSettings, header: [String]? = nil,
        rendererVersion: @escaping (_ fontFiles: [String], _ logoAssets: String?) -> String = RendererVersion.identity
    ) {
        identify = rendererVersion
        defaults = settings.defaults
        defaultFormats = settings.defaultFormats
        htmlBaseURL = settings.writeHTML ? settings.htmlBaseURL : nil
        columnMap = settings.columnMap
        nameTemplate = settings.nameTemplate
        templateColumns = Set(settings.nameTemplate?.fields ?? []).filter { !ColumnMap.isKey($0) }
        priceText = PriceText(numberLocale: settings.numberLocale)
        emptyAmount = settings.emptyAmount
        duplicateNames = settings.duplicateNames
        emptyName = settings.emptyName
        asOf = settings.asOf
        timeZone = settings.timeZone
        scales = settings.scales
        self.header = header.map(Set.init)
    }

    /// A planner with only the command line's options, formats and HTML base URL (the rest as
    /// `BatchSettings` has them by default).
    convenience init(
        defaults: ParsedOptions, defaultFormats: [OutputFormat], htmlBaseURL: String?,
        rendererVersion: @escaping (_ fontFiles: [String], _ logoAssets: String?) -> String = RendererVersion.identity
    ) {
        var settings = BatchSettings(outputDirectory: "", manifestLabel: "", defaults: defaults)
        settings.defaultFormats = defaultFormats
        settings.writeHTML = htmlBaseURL != nil
        settings.htmlBaseURL = htmlBaseURL ?? ""
        self.init(settings: settings, rendererVersion: rendererVersion)
    }

    /// A record's option names as the command line's options, with record spelling in messages.
    package static func defaults(from argv: ParsedOptions) -> ParsedOptions {
        // An empty record: no values, and errors name options the way records do (no dashes).
        var options = (try? ParsedOptions(record: [String: RecordValue](), groups: groups)) ?? ParsedOptions(groups: groups)
        for spec in groups.allOptions {
            if spec.isFlag {
                if argv.isOn(spec) { try? options.setFlag(spec.name, true) }
            } else if argv.isGiven(spec) {
                for value in argv.texts(of: spec) { try? options.set(spec.name, to: value) }
            }
        }
        return options
    }

    /// Names of records that failed, or had no price, before taking a name (`namesUsed` holds
    /// the names valid records took): hashes, for `hasUsed`.
    private var problemNames = Set<UInt64>()

    /// Whether a record of this run (any shard's) has `name`: drawn, failed or without a price
    /// (`BatchGoneRecords`: such a record's name is not gone from the manifest).
    func hasUsed(name: String) -> Bool {
        let key = Fingerprint(name).value
        return namesUsed[key] != nil || problemNames.contains(key)
    }

    func plan(_ record: ManifestRecord, sequence: Int) -> BatchJob {
        let work: BatchJob.Work
        switch record.fields {
        case .failure(var problem):
            // A cell the reader could not read is counted under the key its column gives (a bad
            // price cell is an invalid price, whatever the column is called).
            if problem.cause == nil, let column = problem.field, let key = columnMap.keyForColumn[column] {
                problem.cause = .invalid(key)
            }
            work = .problem(problem)
        case .success(let fields):
            do throws(RecordProblem) {
                try checkReadable(record)
                let planned = try plan(fields, line: record.line)
                if case .noPrice(nil, let reason) = planned {
                    work = .noPrice(name: nameHint(fields), reason: reason)
                } else {
                    work = planned
                }
            } catch {
                var problem = error
                if problem.name == nil { problem.name = nameHint(fields) }
                // An earlier record of this run took the name: its files are that record's.
                if !problem.nameIsItsOwn, let name = problem.name, namesUsed[Fingerprint(name).value] != nil { problem.nameIsAnothers = true }
                work = .problem(problem)
            }
        }
        switch work {
        case .problem(let problem): if let name = problem.name { problemNames.insert(Fingerprint(name).value) }
        case .noPrice(let name?, _): problemNames.insert(Fingerprint(name).value)
        default: break
        }
        return BatchJob(sequence: sequence, index: record.index, line: record.line, work: work)
    }

    /// A cell that is not UTF-8 fails its record only in a column the run reads (a key, a mapped
    /// column, a column the name template uses); one it drops (`--extra-columns ignore`) never does.
    private func checkReadable(_ record: ManifestRecord) throws(RecordProblem) {
        let read = record.unreadableColumns.filter { column in
            !columnMap.ignoreExtraColumns || columnMap.key(for: column) != nil || templateColumns.contains(column)
        }
        guard let column = read.first else { return }
        let key = columnMap.key(for: column)
        throw RecordProblem(
            field: column,
            "column \(QuotedValue.quoted(column)) of row \(record.index + 1) (line \(record.line)) is not valid UTF-8; save the export as UTF-8 (in Excel: CSV UTF-8)",
            cause: key.map { .invalid($0) })
    }

    private func plan(_ given: [String: ManifestValue], line: Int) throws(RecordProblem) -> BatchJob.Work {
        var values: [String: RecordValue] = [:]
        var explicitName: String?
        var formats = defaultFormats
        let mapped = !columnMap.isIdentity
        var fields = given
        try applySale(&fields)
        // A key read from several columns takes the first non-empty one, left to right.
        for (_, columns) in columnMap.fallbacks {
            let chosen = columns.first { fields[$0].map(Self.isGiven) ?? false }
            for column in columns where column != chosen { fields.removeValue(forKey: column) }
        }
        for column in fields.keys.sorted() {
            let value = fields[column]!
            var key = column
            if !templateColumns.isEmpty, templateColumns.contains(column), columnMap.keyForColumn[column] == nil { continue }
            if mapped {
                if let mappedKey = columnMap.key(for: column) {
                    key = mappedKey
                } else if columnMap.ignoreExtraColumns {
                    continue
                } else if let source = columnMap.columnForKey[column], value != .null {
                    // A key's name that --map reads from another column: two sources for one
                    // value (two prices, say) are never chosen between quietly.
                    try Self.checkEach(values)
                    throw RecordProblem(
                        field: column,
                        "\(column): --map reads '\(column)' from column \(QuotedValue.quoted(source)), so this record's own '\(column)' is an extra column; remove it, or give --extra-columns ignore"
                    )
                }
            }
            switch key {
            case "name", "format":
                // With a name template, a record's own name is only a column the template may use.
                if key == "name", nameTemplate != nil { continue }
                if case .null = value { continue }
                do throws(RecordProblem) {
                    if key == "name" { explicitName = try Self.name(value) } else { formats = try Self.formats(value) }
                } catch {
                    try Self.checkEach(values)
                    throw error
                }
            case "amount":
                do throws(RecordProblem) {
                    try readAmount(value, column: column, into: &values, currency: currency(fields))
                } catch {
                    try Self.checkEach(values)
                    throw error
                }
            case Self.minimumName, Self.maximumName:
                // The limits are prices too: read by the same rules (`1.500` is ambiguous).
                do throws(RecordProblem) {
                    try readLimit(key, value, column: column, into: &values, currency: currency(fields))
                } catch {
                    try Self.checkEach(values)
                    throw error
                }
            default:
                switch value {
                case .text(let text), .number(let text): values[key] = .string(text)
                case .bool(let on): values[key] = .bool(on)
                case .null: continue
                case .list, .object:
                    // A field before this one that is wrong on its own is named first.
                    try Self.checkEach(values)
                    throw RecordProblem(field: key, "\(key): \(value.kindName) is not accepted; give one value")
                }
            }
        }
        if values["amount"] == nil, !defaults.isGiven(ContentOptions.amount) {
            // No price at all: no key, null, an empty cell or text of spaces.
            try Self.checkEach(values)
            let reason = noPrice(given)
            switch emptyAmount {
            case .zero: break
            case .skip: return .noPrice(name: nil, reason: reason)
            case .fail:
                throw RecordProblem(
                    field: "amount", "\(reason); give a price, or --empty-amount skip to skip records without one (zero draws them as 0)",
                    cause: .emptyPrice)
            }
        }
        let options: ParsedOptions
        do throws(CLIError) {
            options = defaults.overlaid(by: try CLIError.reading { () throws(RequestError) in try ParsedOptions(record: values, groups: Self.groups, source: .record(line: line)) })
        } catch {
            // Name the first field that is wrong on its own; else the problem is between fields.
            try Self.checkEach(values)
            throw RecordProblem(field: error.problem?.option, error.message)
        }
        // The request, read once, before the record is named: a record it cannot be made from
        // fails here, with the option it is about (or, between options, as a drawing error did).
        var request: RenderRequest
        let normalized: String
        // Every value but the amount's (whether one is given stays in): the same give the same request.
        var others = values
        if others["amount"] != nil { others["amount"] = .bool(true) }
        if let last = lastRequest, last.values == others, case .ios(var inputs) = last.request.view {
            // The request reads the amount only into the view's inputs, as `BreakdownInputs` keeps it.
            inputs.amount = Amount(options[ContentOptions.amount]).value
            request = last.request
            request.view = .ios(inputs)
            normalized = Self.normalized(options, rest: &lastNormalizedRest)
        } else {
            do throws(RequestError) {
                request = try RenderRequest(options)
            } catch {
                throw RecordProblem(field: error.problem?.option, error.message, cause: error.problem.map { .of(field: $0.option) } ?? .drawing)
            }
            lastRequest = (others, request)
            lastNormalizedRest = nil
            normalized = Self.normalized(options)
        }
        var name: String
        var source: String?
        if let nameTemplate {
            let made = nameTemplate.made(column: columnText(fields), option: optionText(options))
            switch made {
            case .success(let made): (name, source) = made
            case .failure(let problem): throw problem
            }
        } else {
            if explicitName == nil, emptyName == .fail, let column = emptyNameColumn(given) {
                throw RecordProblem(
                    field: "name",
                    "name: empty in this record\(column == "name" ? "" : " (column \(QuotedValue.quoted(column)))"); give every record a name, or --empty-name generate to name it from its options",
                    cause: .emptyName)
            }
            name = explicitName ?? Self.defaultName(options, normalized: normalized)
        }
        // Several scales (and a record that does not give its own): one file stem a scale, from
        // the template's {scale}, else the name with `@2x` added; the record is known by the first.
        var variants: [BatchScaleVariant] = []
        var htmlName: String?
        if scales.count > 1, values[Self.scaleName] == nil {
            let templated = nameTemplate?.fields.contains(Self.scaleName) ?? false
            for scale in scales {
                var scaled = options
                do throws(RequestError) {
                    try scaled.set(Self.scaleName, to: scale.text)
                } catch {
                    throw RecordProblem(field: Self.scaleName, error.message)
                }
                let scaledRequest: RenderRequest
                do throws(RequestError) {
                    scaledRequest = try RenderRequest(scaled)
                } catch {
                    throw RecordProblem(field: error.problem?.option, error.message, cause: error.problem.map { .of(field: $0.option) } ?? .drawing)
                }
                var scaledName = name + "@" + scale.text + "x"
                if templated, let nameTemplate {
                    switch nameTemplate.made(column: columnText(fields), option: optionText(scaled)) {
                    case .success(let made): scaledName = made.name
                    case .failure(let problem): throw problem
                    }
                }
                variants.append(BatchScaleVariant(scale: scale, name: scaledName, request: scaledRequest))
            }
            if !templated { htmlName = name }
            name = variants[0].name
        }
        for stem in variants.isEmpty ? [name] : variants.map(\.name) {
            if let misread = OutputName.misreadProblem(stem) {
                throw RecordProblem(field: "name", "name: \(QuotedValue.quoted(stem)) \(misread)")
            }
        }
        // A name stands for its options: a later record with the same name is a duplicate only
        // when it asks for the same options and formats (a name given to one record may be the
        // default name of another with other options).
        let nameHash = Fingerprint(name).value
        var asked = Fingerprint(normalized)
        asked.add(formats.map(\.rawValue).joined(separator: ","))
        let scalesText = variants.isEmpty ? nil : "scales:" + variants.map(\.scale.text).joined(separator: ",")
        if let scalesText { asked.add(scalesText) }
        let askedBits = asked.value >> 32
        let sourceHash = source.map { Fingerprint($0).value }
        if let earlier = namesUsed[nameHash] {
            let earlierLine = Int(earlier & 0xFFFF_FFFF)
            // Other values, one name: two products, never a duplicate, whatever --duplicate-names says.
            if let sourceHash, let earlierSource = sourcesUsed[nameHash], earlierSource != sourceHash, let source {
                if clashes[earlierLine] == nil { clashes[earlierLine] = line }
                throw RecordProblem(
                    field: "name",
                    "name: \(source) gives '\(name)', the name the record on line \(earlierLine) got from other values; two products cannot share one file: both line \(earlierLine) and this line need a name of their own (add a column that tells them apart to --name)",
                    name: name, cause: .nameClash)
            }
            if earlier >> 32 == askedBits { return .duplicate(name: name, line: earlierLine, otherOptions: false) }
            if duplicateNames == .first { return .duplicate(name: name, line: earlierLine, otherOptions: true) }
            var problem = RecordProblem(
                field: "name",
                "name: '\(name)' is already used by the record on line \(earlierLine), which asks for other options or formats; names must be unique (--duplicate-names first draws the first record of a name and counts the others as duplicates)",
                name: name, cause: .duplicateName)
            problem.nameIsAnothers = true
            throw problem
        }
        namesUsed[nameHash] = askedBits << 32 | UInt64(UInt32(truncatingIfNeeded: line))
        if let sourceHash { sourcesUsed[nameHash] = sourceHash }
        // The first record of a name a later record gives from other values (found by the
        // pre-pass): it fails as the later one does, so neither product's image is drawn. Its
        // name stays taken, so the later record still names this line.
        if let later = clashingLines[line], let source {
            var problem = RecordProblem(
                field: "name",
                "name: \(source) gives '\(name)', the name the record on line \(later) also gets from other values; two products cannot share one file: both this line and line \(later) need a name of their own (add a column that tells them apart to --name)",
                name: name, cause: .nameClash)
            problem.nameIsItsOwn = true
            throw problem
        }

        var fingerprint = Fingerprint()
        fingerprint.add(rendererVersion(for: options, recordGivesFiles: values[Self.fontFileName] != nil || values[Self.logoAssetsName] != nil))
        fingerprint.add(normalized)
        if let htmlBaseURL { fingerprint.add("html:" + htmlBaseURL) }
        if let scalesText { fingerprint.add(scalesText) }
        // A dynamic palette looks other in dark mode: the snippet gets a dark source (the options,
        // and so the fingerprint, already say so).
        var darkVariants: [BatchScaleVariant] = []
        if htmlBaseURL != nil, options.isGiven(ContentOptions.darkPalette), options[ContentOptions.appearance] != .dark {
            let lights = variants.isEmpty ? [BatchScaleVariant(scale: request.settings.scale, name: name, request: request)] : variants
            for light in lights {
                var dark: [String: RecordValue] = [ContentOptions.appearance.name: .string(Appearance.dark.rawValue)]
                if !variants.isEmpty { dark[Self.scaleName] = .string(light.scale.text) }
                do throws(RequestError) {
                    let darkOptions = options.overlaid(by: try ParsedOptions(record: dark, groups: Self.groups, source: .record(line: line)))
                    darkVariants.append(BatchScaleVariant(scale: light.scale, name: light.name + "-dark", request: try RenderRequest(darkOptions)))
                } catch {
                    throw RecordProblem(field: error.problem?.option, "in dark appearance: " + error.message, cause: error.problem.map { .of(field: $0.option) } ?? .drawing)
                }
            }
        }
        return .render(
            BatchRenderPlan(
                name: name, formats: formats, request: variants.first?.request ?? request, options: options, fingerprint: fingerprint.hex,
                variants: variants, htmlName: htmlName, darkVariants: darkVariants))
    }

    /// A sale price is read only while the sale runs: the sale's date columns are taken out of
    /// the record, and the sale column (the first of amount's) with them when its dates do not
    /// hold `--as-of`. A zero in any of amount's columns but the last is no price there (BigCommerce
    /// writes `Sale Price` 0.0000 for "not on sale"): the next column is read.
    private func applySale(_ fields: inout [String: ManifestValue]) throws(RecordProblem) {
        var dates: [(key: String, column: String, value: ManifestValue)] = []
        for key in SaleColumns.keys {
            if let column = SaleColumns.column(for: key, in: columnMap), let value = fields.removeValue(forKey: column), Self.isGiven(value) {
                dates.append((key, column, value))
            }
        }
        guard let amountColumns = columnMap.fallbacks["amount"] else {
            if let first = dates.first {
                throw RecordProblem(
                    field: first.key,
                    "\(first.key): a sale's dates govern the sale price, the first of amount's columns; map the sale and the regular price, e.g. --map 'amount=Sale price|Regular price'",
                    cause: .invalid(first.key))
            }
            return
        }
        if header == nil {
            // A JSON manifest has no header to refuse: a record with unread sale dates fails.
            let unmapped = SaleColumns.unmappedDateColumns(fields.filter { Self.isGiven($0.value) }.keys.sorted(), map: columnMap)
            if !unmapped.isEmpty {
                throw RecordProblem(
                    field: "amount",
                    "amount: the record dates its sale in \(ColumnMap.listed(unmapped)), which --map does not read (a sale that ended or has not started would be drawn); add \(SaleColumns.suggestion(unmapped))",
                    cause: .invalidPrice)
            }
        }
        for column in amountColumns.dropLast() {
            if let value = fields[column], isZeroPrice(value, currency: currency(fields)) { fields.removeValue(forKey: column) }
        }
        guard let sale = fields[amountColumns[0]], Self.isGiven(sale), !dates.isEmpty else { return }
        var window = SaleWindow()
        for date in dates {
            let shown = "\(date.key)\(date.column == date.key ? "" : " (column \(QuotedValue.quoted(date.column)))")"
            let text: String
            switch date.value {
            case .text(let given), .number(let given): text = given
            default: throw RecordProblem(field: date.key, "\(shown): \(date.value.kindName) is not accepted; expected \(SaleTime.accepted)", cause: .invalid(date.key))
            }
            func read(_ part: String, end: Bool) throws(RecordProblem) -> Date {
                switch SaleTime.instant(part, end: end, zone: timeZone) {
                case .success(let instant): return instant
                case .failure(.noZone):
                    throw RecordProblem(
                        field: date.key, "\(shown): \(QuotedValue.quoted(part)) has no time zone; \(SaleTime.noZoneHint)", cause: .invalid(date.key))
                case .failure(.invalid(let why)):
                    throw RecordProblem(field: date.key, "\(shown): \(QuotedValue.quoted(part)) is not valid: \(why)", cause: .invalid(date.key))
                }
            }
            switch date.key {
            case SaleColumns.start: window.start = try read(text, end: false)
            case SaleColumns.end: window.end = try read(text, end: true)
            default:
                let parts = text.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2 else {
                    throw RecordProblem(
                        field: date.key, "\(shown): \(QuotedValue.quoted(text)) is not START/END; expected two times such as 2026-02-24T11:07+0100/2026-02-29T23:07+0100",
                        cause: .invalid(date.key))
                }
                window.start = try read(String(parts[0]), end: false)
                window.end = try read(String(parts[1]), end: true)
            }
        }
        if let start = window.start, let end = window.end, end <= start {
            throw RecordProblem(
                field: dates[0].key, "\(dates[0].key): the sale ends (\(SaleTime.shown(end))) before it starts (\(SaleTime.shown(start)))", cause: .invalid(dates[0].key))
        }
        if !window.isRunning(at: asOf) { fields.removeValue(forKey: amountColumns[0]) }
    }

    /// A price of zero, as the amount would read it (`0`, `0.0000`, `$0.00`).
    private func isZeroPrice(_ value: ManifestValue, currency: CurrencyCode?) -> Bool {
        let plain: String
        switch value {
        case .number(let number): plain = number
        case .text(let text):
            guard case .plain(let read) = priceText.plain(text, currency: currency) else { return false }
            plain = read
        default: return false
        }
        return !plain.isEmpty && plain.allSatisfy { $0 == "0" || $0 == "." }
    }

    /// The column (or key) the record's name is read from, when the record has it but it is empty
    /// (an empty CSV cell, null, spaces); nil when it has a name or no name source at all.
    private func emptyNameColumn(_ given: [String: ManifestValue]) -> String? {
        let columns = columnMap.columns(for: "name") ?? (columnMap.keyForColumn["name"] == nil ? ["name"] : [])
        let present = columns.filter { given[$0] != nil || header?.contains($0) == true }
        guard let first = present.first else { return nil }
        return present.contains { given[$0].map(Self.isGiven) ?? false } ? nil : first
    }

    /// A key's effective value for name templates: a flag's name when on, else the option's text.
    private func optionText(_ options: ParsedOptions) -> (String) -> String? {
        { key in
            guard let spec = Self.allOptions.first(where: { $0.name == key }) else { return nil }
            return spec.isFlag ? (options.isOn(spec) ? key : nil) : options.text(of: spec)
        }
    }

    private static let scaleName = RenderOptions.scale.name

    /// A column's text in a record for name templates: "" for an empty cell (or null), nil when
    /// the record has no such column.
    private func columnText(_ fields: [String: ManifestValue]) -> (String) -> String? {
        let header = header
        return { column in
            switch fields[column] {
            case .text(let text), .number(let text): text
            case .bool(let on): String(on)
            case .null: ""
            case .list, .object: nil
            case nil: header?.contains(column) == true ? "" : nil
            }
        }
    }

    /// The name a record that failed would have had, for its report entry, when it can be told
    /// without its options: from the template (keys as the record or the command line give
    /// them), else the record's own valid name.
    private func nameHint(_ fields: [String: ManifestValue]) -> String? {
        let text = columnText(fields)
        if let nameTemplate {
            let first = scales.count > 1 ? scales[0].text : nil
            let made = nameTemplate.name(
                column: text,
                option: { key in
                    if let column = self.columnMap.columnForKey[key] { return text(column) }
                    if key == Self.scaleName, let first { return text(key) ?? first }
                    return text(key) ?? Self.allOptions.first(where: { $0.name == key }).flatMap(self.defaults.text(of:))
                })
            if case .success(let name) = made {
                return first == nil || nameTemplate.fields.contains(Self.scaleName) ? name : name + "@\(first!)x"
            }
            return nil
        }
        let column = columnMap.columnForKey["name"] ?? "name"
        guard let given = fields[column], let name = try? Self.name(given) else { return nil }
        return scales.count > 1 ? name + "@\(scales[0].text)x" : name
    }

    /// The amount field: a price as a shop writes it (`1,299.00`, `$49.95`, `AUD 49.95`), read
    /// exactly to plain decimal text. An empty one (null, "" or spaces) sets nothing: the record
    /// then has no price, which `--empty-amount` decides (unless the command line gives an amount).
    private func readAmount(
        _ value: ManifestValue, column: String, into values: inout [String: RecordValue], currency: @autoclosure () -> CurrencyCode?
    ) throws(RecordProblem) {
        let from = column == "amount" ? "" : " (column \(QuotedValue.quoted(column)))"
        let text: String
        switch value {
        case .number(let number):
            // A JSON number means what it says, but `-0` is refused like every other negative.
            if number.hasPrefix("-") {
                throw RecordProblem(field: "amount", "amount\(from): \(number) is negative; prices are 0 or more, written without a sign", cause: .invalidPrice)
            }
            switch PriceRule.jsonNumber(number, minorUnits: (currency() ?? .AUD).minorUnitDigits, currency: currency()?.code) {
            case .success(let plain): values["amount"] = try Self.price(plain)
            case .failure(let problem): throw RecordProblem(field: "amount", "amount\(from): \(problem.message)", cause: .invalidPrice)
            }
            return
        case .null:
            return
        case .text(let given):
            text = given
        case .bool, .list, .object:
            try Self.checkEach(values)
            throw RecordProblem(field: "amount", "amount\(from): \(value.kindName) is not accepted; give a price such as 49.95")
        }
        if !Self.isGiven(value) { return }
        switch priceText.plain(text, currency: currency()) {
        case .plain(let plain): values["amount"] = try Self.price(plain)
        case .problem(let reason): throw RecordProblem(field: "amount", "amount\(from): \(reason)", cause: .invalidPrice)
        case .ambiguous(let reason): throw RecordProblem(field: "amount", "amount\(from): \(reason)", cause: .ambiguousPrice)
        }
    }

    /// The plain decimal text a price reader gave (digits and at most one `.`, checked by it), as
    /// the money value the request is made from: read here, once; the text is kept only to show.
    private static func price(_ plain: String) throws(RecordProblem) -> RecordValue {
        guard let price = Decimal(decimalString: plain) else {
            throw RecordProblem(field: "amount", "amount: \(QuotedValue.quoted(plain)) is not a decimal number", cause: .invalidPrice)
        }
        return .price(price, text: plain)
    }

    private static let minimumName = ContentOptions.minimum.name
    private static let maximumName = ContentOptions.maximum.name

    /// `min` or `max` as price text, read as the amount is; empty: not given. A JSON number is
    /// taken as written (the configuration checks it).
    private func readLimit(
        _ key: String, _ value: ManifestValue, column: String, into values: inout [String: RecordValue],
        currency: @autoclosure () -> CurrencyCode?
    ) throws(RecordProblem) {
        let from = column == key ? "" : " (column \(QuotedValue.quoted(column)))"
        switch value {
        case .number(let number):
            switch PriceRule.jsonNumber(number, minorUnits: (currency() ?? .AUD).minorUnitDigits, currency: currency()?.code) {
            case .success(let plain): values[key] = .string(plain)
            case .failure(let problem): throw RecordProblem(field: key, "\(key)\(from): \(problem.message)", cause: .invalid(key))
            }
        case .null:
            return
        case .text(let text):
            guard Self.isGiven(value) else { return }
            switch priceText.plain(text, currency: currency()) {
            case .plain(let plain): values[key] = .string(plain)
            case .problem(let reason): throw RecordProblem(field: key, "\(key)\(from): \(reason)", cause: .invalid(key))
            case .ambiguous(let reason): throw RecordProblem(field: key, "\(key)\(from): \(reason)", cause: .ambiguousPrice)
            }
        case .bool, .list, .object:
            try Self.checkEach(values)
            throw RecordProblem(field: key, "\(key)\(from): \(value.kindName) is not accepted; give a price such as 2000.00")
        }
    }

    /// A value that gives something: not null, not empty text or spaces.
    private static func isGiven(_ value: ManifestValue) -> Bool {
        switch value {
        case .null: false
        case .text(let text): !text.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }
        default: true
        }
    }

    /// Why a record has no price, naming where it was looked for.
    private func noPrice(_ fields: [String: ManifestValue]) -> String {
        let columns = columnMap.columns(for: "amount") ?? ["amount"]
        let named = columns.count == 1 ? "column \(QuotedValue.quoted(columns[0]))" : "columns " + columns.map { QuotedValue.quoted($0) }.joined(separator: ", ")
        let hasColumn = columns.contains { fields[$0] != nil || header?.contains($0) == true }
        if columns == ["amount"] { return hasColumn ? "amount is empty" : "the record has no amount (no 'amount' key)" }
        if !hasColumn { return "the record has no amount (no \(named))" }
        return columns.count == 1 ? "amount (\(named)) is empty" : "amount (\(named)) is empty in every one"
    }

    /// The configuration's currency for a record: its own or the command line's `currency`,
    /// else its locale's; nil when neither is valid (the record fails on that field anyway).
    private func currency(_ fields: [String: ManifestValue]) -> CurrencyCode? {
        func text(_ option: some OptionDeclaration) -> String? {
            let key = option.name
            let column =
                columnMap.isIdentity
                ? key : columnMap.columns(for: key)?.first { fields[$0] != nil } ?? (columnMap.key(for: key) == key ? key : nil)
            if let column, case .text(let value)? = fields[column] { return value }
            return defaults.text(of: option.spec)
        }
        if let code = text(ContentOptions.currency) { return CurrencyCode(rawValue: code) }
        return MerchantLocale(identifier: text(ContentOptions.locale) ?? "en_AU")?.currency
    }

    /// Checks each field alone, in name order, and throws for the first that is wrong on its own
    /// (only on the error path: a valid record is checked once, as a whole).
    private static func checkEach(_ values: [String: RecordValue]) throws(RecordProblem) {
        for key in values.keys.sorted() {
            do throws(RequestError) {
                _ = try ParsedOptions(record: [key: values[key]!], groups: groups)
            } catch {
                throw RecordProblem(field: key, error.message)
            }
        }
    }

    /// The renderer identity of the command line's font files and artwork, once known.
    private var defaultRendererVersion: String?
    private static let fontFileName = RenderOptions.fontFile.name
    private static let logoAssetsName = RenderOptions.logoAssets.name

    /// The renderer identity for a record's font files and artwork folder. A record that gives
    /// neither has the command line's (looked up once, not keyed again for every record).
    private func rendererVersion(for options: ParsedOptions, recordGivesFiles: Bool) -> String {
        if !recordGivesFiles, let known = defaultRendererVersion { return known }
        let version = rendererVersion(for: options)
        if !recordGivesFiles { defaultRendererVersion = version }
        return version
    }

    private func rendererVersion(for options: ParsedOptions) -> String {
        let key = RenderersByResources.Key(options)
        if let known = rendererVersions[key] { return known }
        let version = identify(key.fontFiles, key.logoAssets)
        rendererVersions[key] = version
        return version
    }

    /// Every option's effective value (given or default), as given, in the options' declared
    /// order: records that mean the same give the same text.
    static func normalized(_ options: ParsedOptions) -> String { options.canonicalText(allOptions, values: .asGiven) }

    /// `normalized(options)`, with the text of every option but the amount taken from `rest`
    /// (made from `options` when nil): for records whose other values are the same.
    static func normalized(_ options: ParsedOptions, rest: inout String?) -> String {
        guard let amount = allOptions.first, amount.name == ContentOptions.amount.name else { return normalized(options) }
        let others = rest ?? options.canonicalText(Array(allOptions.dropFirst()), values: .asGiven)
        rest = others
        let first = options.canonicalText([amount], values: .asGiven)
        return first.isEmpty ? others : others.isEmpty ? first : first + "\n" + others
    }

    /// Every option of `groups`, in declared order, flattened once.
    private static let allOptions = groups.allOptions

    /// A readable slug of the locale, amount and other given options, then 10 hex digits of the
    /// normalized options: `en_AU-100-lockup-alt-3f9c2a71b0`. Same options, same name.
    static func defaultName(_ options: ParsedOptions, normalized: String) -> String {
        var parts = [options.text(of: ContentOptions.locale.spec) ?? "", options.text(of: ContentOptions.amount.spec) ?? ""]
        for spec in allOptions where !unnamedOptions.contains(spec.name) && options.isGiven(spec) {
            let value = options.text(of: spec) ?? ""
            if spec.isFlag {
                parts.append(spec.name)
            } else if case .value(_, .choice, _) = spec.kind {
                parts.append(value)
            } else {
                // Numbers and colours say little alone: `min30`, `width200`, `backgroundFFFFFF`.
                parts.append(spec.name + value)
            }
        }
        var slug = ""
        for part in parts {
            let clean = String(part.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }.map(Character.init))
            guard !clean.isEmpty else { continue }
            if slug.count + clean.count + 1 > 60 { break }
            slug += (slug.isEmpty ? "" : "-") + clean
        }
        while slug.hasPrefix(".") || slug.hasPrefix("-") { slug.removeFirst() }
        let hash = String(Fingerprint(normalized).hex.prefix(10))
        return slug.isEmpty ? hash : slug + "-" + hash
    }

    private static func name(_ value: ManifestValue) throws(RecordProblem) -> String {
        let text: String
        switch value {
        case .text(let given), .number(let given): text = given
        default: throw RecordProblem(field: "name", "name: \(value.kindName) is not accepted; expected a file name without extension")
        }
        if let accepted = ValueKind.fileName.problem(with: text) {
            throw RecordProblem(field: "name", "name: \(QuotedValue.quoted(text)) is not valid; expected \(accepted), without an extension")
        }
        guard text.count <= maximumNameLength else {
            throw RecordProblem(field: "name", "name: \(text.count) characters long; expected at most \(maximumNameLength)")
        }
        return text
    }

    /// `png`, `"png,svg"` (also separated by spaces, `;` or `|`) or a list `["png", "svg"]`.
    package static func formats(_ value: ManifestValue) throws(RecordProblem) -> [OutputFormat] {
        var words: [String] = []
        switch value {
        case .text(let text):
            words = text.split(whereSeparator: { " ,;|".contains($0) }).map(String.init)
        case .list(let items):
            for item in items {
                guard case .text(let text) = item else {
                    throw RecordProblem(field: "format", "format: the list holds \(item.kindName); expected png, svg or pdf")
                }
                words.append(text)
            }
        default:
            throw RecordProblem(field: "format", "format: \(value.kindName) is not accepted; expected png, svg, pdf or a list of them")
        }
        var formats: [OutputFormat] = []
        for word in words {
            guard let format = OutputFormat(rawValue: word.lowercased()) else {
                throw RecordProblem(field: "format", "format: \(QuotedValue.quoted(word)) is not valid; expected png, svg or pdf")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        guard !formats.isEmpty else { throw RecordProblem(field: "format", "format: empty; expected png, svg, pdf or a list of them") }
        return formats
    }
}
