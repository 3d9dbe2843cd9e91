import BreakdownLocking
import Foundation

/// What every breakdown of one (configuration, device locale, options) shows whatever its amount:
/// the display language and its strings, the brand, the logo, the link, the currency style and
/// the whole outside-limits breakdown. A catalogue's records mostly differ only in their amount,
/// so this is resolved once per distinct configuration and a record only formats its
/// instalment and writes its sentence.
///
/// Kept in a bounded cache shared by threads (`resolved`); with it, the last few breakdowns of
/// each configuration by amount, as one record asks for its breakdown several times (its
/// outcome, its layout, its metadata). Every value is what `PriceBreakdown.init` computed
/// before the cache: the tests compare against breakdowns worked out by hand.
struct SharedContent: Sendable {
    /// What the shared content is resolved from: everything a breakdown depends on but the amount.
    struct Key: Hashable, Sendable {
        var configuration: Configuration?
        var deviceLocale: String
        var options: PriceBreakdownOptions
    }

    /// The configuration (nil: none is set, and every amount gives `fixed`).
    let configuration: Configuration?
    /// The breakdown for any amount outside the limits, or for every amount without a configuration.
    let fixed: PriceBreakdown
    /// An in-range breakdown but for its text and accessibility label, which `breakdown(amount:)` writes.
    let inRange: PriceBreakdown
    /// The in-range sentence around its instalment, trimmed as `trimmingSpaces` trims the whole:
    /// nil when the ends are not known from these alone (the instalment could be at an end).
    let inRangeEnds: (prefix: String, suffix: String)?
    let strings: TextLanguage
    let intro: String
    let interestFree: String
    let with: String
    let formatter: CurrencyFormatter
    /// `formatter.usesDeviceStyle`, and its `homeSymbol` (empty when the device style is used).
    let usesDeviceStyle: Bool
    let homeSymbol: String
    /// The formatter's way of writing an instalment, when its probes came out exact (else ICU).
    let instalmentTemplate: AmountTemplate?
    /// Why the device locale or the information page breaks the doors' rule (`InputRule`),
    /// judged once per key; nil when neither does.
    let keyProblem: BreakdownError?

    /// Resolves everything but the amount, as `PriceBreakdown.init` did for every record.
    init(_ given: Key) {
        let options = given.options
        keyProblem = InputRule.inputsProblem(deviceLocale: given.deviceLocale, modalId: options.moreInfoOptions.modalId)
        // A device locale over the identifiers' limits never reaches ICU (whose number formatter
        // crashed the process on some): the breakdown is made for en_US_POSIX instead and carries
        // the refusal (`invalidInput`), which every door and the renderer give instead of it.
        var key = given
        if !InputRule.isWithinLocaleLimits(given.deviceLocale) { key.deviceLocale = "en_US_POSIX" }
        configuration = key.configuration
        guard let configuration = key.configuration else {
            // Like the shipping SDK: the en_US merchant locale, and its language (en_US) when the
            // device's language is English; nil otherwise.
            let merchant = MerchantLocale.enUS
            let strings = TextLanguage.english
            let language = LanguageResolution(merchant: merchant, consumerLocale: nil, deviceLocale: key.deviceLocale).language
            fixed = PriceBreakdown(
                text: strings.noConfiguration, logoPlacement: .end, isHidden: true,
                hiddenReason: PriceBreakdown.noConfigurationReason, brand: merchant.brand, language: language,
                options: options, strings: strings, languageCode: "en", region: merchant)
            inRange = fixed
            inRangeEnds = nil
            self.strings = strings
            intro = ""
            interestFree = ""
            with = ""
            formatter = CurrencyFormatter(currency: merchant.currency, merchantLocale: merchant, deviceLocale: key.deviceLocale)
            usesDeviceStyle = true
            homeSymbol = ""
            instalmentTemplate = nil
            return
        }
        let resolution = LanguageResolution(
            merchant: configuration.locale, consumerLocale: configuration.consumerLocale, deviceLocale: key.deviceLocale)
        let language = resolution.language
        // A device locale whose numbers are not decimal digits (or name no system ICU has) hides
        // the view, saying why: a price in it would be a negative number or words (NumberingSystem).
        // The doors refuse such a locale first; this holds for a library caller's own inputs.
        let numbering = NumberingSystem.problem(localeIdentifier: key.deviceLocale)
        let isHidden = language == nil || numbering != nil
        let hiddenReason = numbering ?? resolution.failureReason
        let strings = TextLanguage(displayLanguage: language)
        let formatter = CurrencyFormatter(configuration: configuration, deviceLocale: key.deviceLocale)
        let usesDeviceStyle = formatter.usesDeviceStyle
        let homeSymbol = usesDeviceStyle ? "" : formatter.homeSymbol
        let languageCode = language.flatMap(LanguageResolution.languageCode(of:)) ?? "en"
        let minimum = formatter.string(
            from: configuration.minimumAmount ?? 1, digits: .none, usesDeviceStyle: usesDeviceStyle, homeSymbol: homeSymbol)
        let maximum = formatter.string(from: configuration.maximumAmount, digits: .none, usesDeviceStyle: usesDeviceStyle, homeSymbol: homeSymbol)
        fixed = PriceBreakdown(
            text: strings.outsideLimits(minimum: minimum, maximum: maximum), logoPlacement: .start, isHidden: isHidden,
            hiddenReason: hiddenReason, brand: configuration.brand, language: language,
            options: options, strings: strings, languageCode: languageCode, region: configuration.locale)
        // The text and label are written per amount; the rest is the in-range breakdown's.
        inRange = PriceBreakdown(
            text: "", logoPlacement: .end, isHidden: isHidden,
            hiddenReason: hiddenReason, brand: configuration.brand, language: language,
            options: options, strings: strings, languageCode: languageCode, region: configuration.locale)
        self.strings = strings
        intro = options.introText.text(in: strings)
        interestFree = options.showInterestFreeText && configuration.allowsInterestFreeText ? strings.interestFree : ""
        with = options.showWithText ? strings.with : ""
        self.formatter = formatter
        self.usesDeviceStyle = usesDeviceStyle
        self.homeSymbol = homeSymbol
        instalmentTemplate = AmountTemplate(digits: configuration.currency.minorUnitDigits) { amount in
            formatter.string(from: amount, digits: .currency, usesDeviceStyle: usesDeviceStyle, homeSymbol: homeSymbol)
        }
        inRangeEnds = Self.ends(
            strings.inRange(intro: intro, count: PriceBreakdown.instalmentCount, interestFree: interestFree, instalment: Self.marker, with: with))
    }

    /// Stands for the instalment in the sentence `ends` splits: no text holds it.
    private static let marker = "\u{0}"

    /// The sentence's text before and after the instalment, such that prefix + instalment +
    /// suffix is the whole sentence trimmed, whatever the instalment: the prefix has its leading
    /// spaces trimmed and holds a character that is not a space, and the suffix ends with such a
    /// character (so the trim never reaches the instalment). Nil otherwise: then each sentence is
    /// trimmed whole.
    static func ends(_ sentence: String) -> (prefix: String, suffix: String)? {
        let parts = sentence.components(separatedBy: marker)
        guard parts.count == 2 else { return nil }
        // Leading spaces only, by scalar, as `trimmingCharacters(in: .whitespaces)` trims.
        let scalars = parts[0].unicodeScalars
        guard let start = scalars.firstIndex(where: { !CharacterSet.whitespaces.contains($0) }),
            let last = parts[1].unicodeScalars.last, !CharacterSet.whitespaces.contains(last)
        else { return nil }
        let prefix = String(scalars[start...]), suffix = parts[1]
        return (prefix, suffix)
    }

    /// The breakdown of `amount`.
    func breakdown(amount: Decimal) -> PriceBreakdown {
        guard let configuration, configuration.isInRange(amount) else { return fixed }
        let quarter = PriceBreakdown.instalment(of: amount)
        let instalment =
            instalmentTemplate.flatMap { $0.string(CurrencyFormatter.round(quarter, scale: $0.digits)) }
            ?? formatter.string(from: quarter, digits: .currency, usesDeviceStyle: usesDeviceStyle, homeSymbol: homeSymbol)
        var breakdown = inRange
        if let ends = inRangeEnds {
            breakdown.text = ends.prefix + instalment + ends.suffix
            let start = ends.prefix.utf8.count
            breakdown.instalmentRange = start..<(start + instalment.utf8.count)
        } else {
            breakdown.text = strings.inRange(
                intro: intro, count: PriceBreakdown.instalmentCount, interestFree: interestFree, instalment: instalment, with: with
            ).trimmingSpaces()
        }
        breakdown.accessibilityLabel = PriceBreakdown.accessibilityLabel(text: breakdown.text, placement: .end, brand: breakdown.brand)
        return breakdown
    }

    // MARK: - The cache

    /// How many configurations the cache keeps; past it, it starts again empty (a catalogue has
    /// a handful; a manifest of all-different configurations keeps at most this many).
    static let capacity = 256
    /// How many breakdowns by amount each configuration keeps: one record asks several times,
    /// and each worker thread has its record in flight.
    static let recentCapacity = 4

    private struct Entry {
        let content: SharedContent
        var recent: [(amount: Decimal, breakdown: PriceBreakdown)] = []
        /// The breakdown kept for `amount`, if any.
        func kept(_ amount: Decimal) -> PriceBreakdown? {
            recent.first { SharedContent.sameDecimal($0.amount, amount) }?.breakdown
        }

        var next = 0

        /// Keeps `breakdown` for `amount`, in place of the oldest once `recentCapacity` are kept.
        mutating func remember(_ amount: Decimal, _ breakdown: PriceBreakdown) {
            if kept(amount) != nil { return }
            if recent.count < SharedContent.recentCapacity {
                recent.append((amount, breakdown))
            } else {
                recent[next] = (amount, breakdown)
                next = (next + 1) % SharedContent.recentCapacity
            }
        }
    }

    /// A key with its hash worked out once: the cache's table hashes only that number, however
    /// often a call looks the key up (a configuration's hash reads every one of its values).
    private struct HashedKey: Hashable {
        let key: Key
        let hash: Int
        init(_ key: Key) {
            self.key = key
            hash = key.hashValue
        }
        static func == (a: HashedKey, b: HashedKey) -> Bool { a.hash == b.hash && a.key == b.key }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private static let cache = Locked<[HashedKey: Entry]>([:])

    /// The breakdown of `amount` for `key`, from the cache when this configuration and amount
    /// were asked for lately; the shared content resolved (outside the lock) when it is new.
    static func breakdown(_ key: Key, amount: Decimal) -> PriceBreakdown {
        let hashed = HashedKey(key)
        let (found, known) = cache.withLock { entries -> (SharedContent?, PriceBreakdown?) in
            guard let entry = entries[hashed] else { return (nil, nil) }
            return (entry.content, entry.kept(amount))
        }
        if let known { return known }
        let content = found ?? SharedContent(key)
        var breakdown = content.breakdown(amount: amount)
        breakdown.invalidInput = content.keyProblem ?? InputRule.amountProblem(amount).map { .invalidOption(option: "amount", message: "amount: \($0)") }
        cache.withLock { entries in
            if entries.count >= capacity, entries[hashed] == nil { entries.removeAll(keepingCapacity: true) }
            entries[hashed, default: Entry(content: content)].remember(amount, breakdown)
        }
        return breakdown
    }

    /// True when both are stored alike (so equal): faster than `==`, which compares values. Two
    /// equal amounts written differently (25 and 25.00) are not alike: the second is computed anew.
    static func sameDecimal(_ a: Decimal, _ b: Decimal) -> Bool {
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
    }

    /// How many configurations the cache holds now (for the tests of its bound).
    static var cachedCount: Int { cache.withLock { $0.count } }
}
