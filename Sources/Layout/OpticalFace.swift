/// Which design of SF Pro draws a size, as iOS picks it: the Text design below 20 pt, the Display
/// design from 20 pt. A user who supplies the static families gives "SF Pro Text" and "SF Pro
/// Display" (either name in `--font`; the other is used where the size calls for it, when it is
/// available); the variable "SF Pro" font gets its optical-size axis set to the point size. Any
/// other family is used as it is. The tracking table follows the face: the static Display
/// family has its own.
struct OpticalFace {
    static let textFamily = "SF Pro Text"
    static let displayFamily = "SF Pro Display"
    /// Where iOS switches from the Text to the Display design.
    static let displaySize = 20.0

    let family: String
    /// `opsz=SIZE` for the SF Pro families (a font without the axis ignores it), else nil.
    let variations: String?
    let trackingTable: [(size: Double, tracking: Double)]

    init(family requested: String, size: Double, available: (String) -> Bool) {
        let key = requested.lowercased()
        var family = requested
        if key == Self.textFamily.lowercased(), size >= Self.displaySize, available(Self.displayFamily) {
            family = Self.displayFamily
        } else if key == Self.displayFamily.lowercased(), size < Self.displaySize, available(Self.textFamily) {
            family = Self.textFamily
        }
        self.family = family
        let isSF = key.hasPrefix("sf pro")
        variations = isSF ? "opsz=\(Self.format(size))" : nil
        trackingTable =
            family.lowercased() == Self.displayFamily.lowercased() && size >= Self.displaySize ? SFTracking.display : SFTracking.pro
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
