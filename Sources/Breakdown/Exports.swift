// One import for library users: `import Breakdown` gives the documented surface and nothing
// else (docs/api.md lists it; PublicAPITests fails on a name that is exported and not listed).
// Each name is re-exported on its own, so a public helper the command line needs (help, man
// page, encoders, the batch engine) stays out of a user's namespace.

// The content model: what the view shows, from a configuration, a locale, options and an amount.
@_exported import struct BreakdownContent.Amount
@_exported import struct BreakdownContent.AmountError
@_exported import enum BreakdownContent.Appearance
@_exported import enum BreakdownContent.Brand
@_exported import enum BreakdownContent.BreakdownError
@_exported import struct BreakdownContent.BreakdownInputs
@_exported import enum BreakdownContent.BreakdownVersion
@_exported import struct BreakdownContent.ColorError
@_exported import enum BreakdownContent.ColorPalette
@_exported import struct BreakdownContent.Configuration
@_exported import enum BreakdownContent.ConfigurationError
@_exported import enum BreakdownContent.ContentSizeCategory
@_exported import enum BreakdownContent.ContrastRatio
@_exported import struct BreakdownContent.ContrastReport
@_exported import enum BreakdownContent.CurrencyCode
@_exported import protocol BreakdownContent.FilePathConvertible
@_exported import struct BreakdownContent.InfoLink
@_exported import enum BreakdownContent.IntroText
@_exported import enum BreakdownContent.LinkContent
@_exported import protocol BreakdownContent.LocaleIdentifierConvertible
@_exported import struct BreakdownContent.LogoChoice
@_exported import enum BreakdownContent.LogoColorScheme
@_exported import struct BreakdownContent.LogoColors
@_exported import enum BreakdownContent.LogoPlacement
@_exported import enum BreakdownContent.LogoType
@_exported import enum BreakdownContent.MerchantLocale
@_exported import enum BreakdownContent.ModalLinkStyle
@_exported import enum BreakdownContent.ModalTheme
@_exported import struct BreakdownContent.MoreInfoOptions
@_exported import struct BreakdownContent.PriceBreakdown
@_exported import struct BreakdownContent.PriceBreakdownOptions
@_exported import struct BreakdownContent.RGBAColor

// Drawing: the style, the layout a renderer makes, the renderer and what it returns.
@_exported import struct BreakdownLayout.BreakdownLayout
@_exported import struct BreakdownLayout.FontMetrics
@_exported import enum BreakdownLayout.LayoutElement
@_exported import struct BreakdownLayout.LayoutStyle
@_exported import struct BreakdownLayout.LogoArtwork
@_exported import struct BreakdownLayout.Point
@_exported import struct BreakdownLayout.Rect
@_exported import struct BreakdownLayout.Size
@_exported import enum BreakdownLayout.Tracking
@_exported import enum BreakdownEncode.OutputFormat
@_exported import struct BreakdownEncode.RenderMetadata
@_exported import class BreakdownPipeline.BreakdownRenderer
@_exported import enum BreakdownPipeline.RenderScale
@_exported import struct BreakdownPipeline.RenderSettings
@_exported import struct BreakdownPipeline.RenderedImage

// The option vocabulary from Swift: words (arguments, a record) read into a checked request, with
// the same checks and messages as every front end; a problem is a `RequestError`.
@_exported import struct BreakdownOptions.RequestError
@_exported import protocol BreakdownOptions.OptionChoice
@_exported import protocol BreakdownOptions.OptionDeclaration
@_exported import struct BreakdownOptions.OptionProblem
@_exported import enum BreakdownOptions.OptionSource
@_exported import protocol BreakdownOptions.OptionValue
@_exported import protocol BreakdownOptions.SpelledOptionValue
@_exported import enum BreakdownOptions.ContentOptions
@_exported import struct BreakdownOptions.OptionGroup
@_exported import struct BreakdownOptions.OptionSpec
@_exported import struct BreakdownOptions.ParsedOptions
@_exported import enum BreakdownOptions.RenderOptions
@_exported import struct BreakdownPipeline.RenderRequest
@_exported import class BreakdownPipeline.RenderersByResources
@_exported import typealias BreakdownPipeline.RendererCache

// The Android SDK's view, a peer of the iOS view: its inputs, what it shows, and the view value
// every front end asks.
@_exported import enum BreakdownContent.Platform
@_exported import enum BreakdownContent.BreakdownView
@_exported import struct BreakdownContent.AndroidInputs
@_exported import struct BreakdownContent.AndroidBreakdown
@_exported import enum BreakdownContent.AndroidBreakdownError
@_exported import struct BreakdownContent.AndroidConfiguration
@_exported import enum BreakdownContent.AndroidConfigurationError
@_exported import enum BreakdownContent.AndroidEnvironment
@_exported import enum BreakdownContent.AndroidStyle
@_exported import enum BreakdownContent.AndroidColorScheme
@_exported import struct BreakdownContent.AndroidLogo
@_exported import struct BreakdownContent.AndroidLogoLayer
