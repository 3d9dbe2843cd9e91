@testable import BreakdownServer
import Foundation
import Testing

/// The OpenAPI document's any-case word lists (`font`, the languages and regions of
/// `device-locale`) are written as a tree of shared beginnings, which Schemathesis's generator
/// builds in a fraction of the time a flat list takes. The tree must match exactly what the flat
/// list matches: both are compiled here and asked about every word, its cases, its prefixes and
/// extensions, and random strings; the flat list is written here, one `[Xx]` per letter.
@Suite struct OpenAPIPatternTests {
    /// The flat alternation, written independently of the document's code.
    static func flat(_ words: [String]) -> String {
        "(" + words.map { word in
            word.map { character -> String in
                let lower = character.lowercased(), upper = character.uppercased()
                if lower != upper { return "[\(upper)\(lower)]" }
                return character.isLetter || character.isNumber || character == " " ? String(character) : "\\" + String(character)
            }.joined()
        }.joined(separator: "|") + ")"
    }

    static func regex(_ alternation: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: "^" + alternation + "$")
    }

    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Strings near the words (each in three cases, each proper prefix, each with a letter, a
    /// space or a dot after it, each with its last letter changed) and random ones of their letters.
    static func probes(_ words: [String]) -> [String] {
        var probes: Set<String> = ["", " ", "."]
        for word in words {
            probes.formUnion([word, word.uppercased(), word.capitalized, word + "x", word + " ", word + ".", String(word.dropLast()) + "q"])
            for length in 1..<max(1, word.count) { probes.insert(String(word.prefix(length))) }
        }
        let letters = Array(Set(words.joined())) + ["x", "Q"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            probes.insert(String((0..<Int.random(in: 1...5, using: &generator)).map { _ in letters.randomElement(using: &generator)! }))
        }
        return Array(probes)
    }

    @Test(arguments: [
        ["Inter", "Inter Display", "Roboto", "Symbola"],
        ["en", "eo", "es", "e", "ewo", "ee"],
        ["a.b", "a", "ab", "b"],
        ["zz"],
    ])
    func theTreeMatchesWhatTheFlatListMatches(_ words: [String]) throws {
        let tree = try Self.regex(OpenAPIDocument.anyCase(words)), flat = try Self.regex(Self.flat(words))
        for probe in Self.probes(words) {
            #expect(Self.matches(tree, probe) == Self.matches(flat, probe), "\(words): \(probe)")
        }
        for word in words {
            #expect(Self.matches(tree, word) && Self.matches(tree, word.uppercased()), "\(word)")
        }
    }

    /// The document's `device-locale` pattern, and the languages and regions it lists: each in
    /// any case, with and without a region, against the same list written flat.
    @Test func theLocalePatternMatchesWhatTheFlatListsMatch() throws {
        let pattern = OpenAPIDocument.localePattern
        let languages = Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { (2...3).contains($0.count) && $0.allSatisfy(\.isLetter) }
        let regions = Locale.Region.isoRegions.map(\.identifier).filter { $0.count == 2 && $0.allSatisfy(\.isLetter) }
        #expect(languages.count > 400 && regions.count > 200)
        let treeLanguages = OpenAPIDocument.anyCase(languages.sorted()), treeRegions = OpenAPIDocument.anyCase(regions.sorted())
        #expect(pattern.hasPrefix("^" + treeLanguages) && pattern.contains(treeRegions), "\(pattern.prefix(300))")
        let flatPattern = pattern.replacingOccurrences(of: treeLanguages, with: Self.flat(languages.sorted()))
            .replacingOccurrences(of: treeRegions, with: Self.flat(regions.sorted()))
        // The tree is the shorter text: what Schemathesis's generator reads.
        #expect(pattern.count * 10 < flatPattern.count * 7, "\(pattern.count) against \(flatPattern.count)")
        let tree = try NSRegularExpression(pattern: pattern), flat = try NSRegularExpression(pattern: flatPattern)
        var probes = Self.probes(languages)
        for language in ["en", "fr", "zh", "haw"] {
            for region in regions { probes += ["\(language)_\(region)", "\(language)-\(region.lowercased())", "\(language)_\(region)x"] }
        }
        probes += ["en_Latn_AU", "en_419", "en_AU_POSIX", "en_AU@calendar=gregorian", "xx_AU", "e_AU", "en_A", "en__AU"]
        for probe in probes {
            #expect(Self.matches(tree, probe) == Self.matches(flat, probe), "\(probe)")
        }
        #expect(Self.matches(tree, "EN_au") && Self.matches(tree, "haw-US") && !Self.matches(tree, "qqq_AU"))
    }
}
