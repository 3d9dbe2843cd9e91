import Foundation

public enum AndroidFixture {
    /// A res folder of our own: a pill-less background (a full rectangle) and a mark rectangle, so
    /// every pixel's expected colour is known; plus the compact badge's layers.
    public static func fixtureFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("android-res-\(UUID().uuidString)/drawable")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func vector(_ width: Double, _ height: Double, _ body: String) -> String {
            """
            <vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="\(width)dp" android:height="\(height)dp"
                android:viewportWidth="\(width)" android:viewportHeight="\(height)">\(body)</vector>
            """
        }
        let files = [
            "afterpay_badge_bg": vector(1582, 551, "<path android:fillColor=\"#000000\" android:pathData=\"M0,0h1582v551h-1582z\"/>"),
            // The mark: a rectangle x 400–1182, y 150–401 of the viewport.
            "afterpay_badge_fg": vector(1582, 551, "<path android:fillColor=\"#FF0000\" android:pathData=\"M400,150h782v251h-782z\"/>"),
            "afterpay_badge_narrow_bg": vector(100, 21, "<path android:fillColor=\"#000000\" android:pathData=\"M0,0h100v21h-100z\"/>"),
            "afterpay_badge_fg_cropped": vector(
                1148.9, 220.8, "<path android:fillColor=\"#000000\" android:pathData=\"M0,0h1148.9v220.8h-1148.9z\"/>"),
        ]
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name + ".xml"), atomically: false, encoding: .utf8) }
        return folder.deletingLastPathComponent()
    }
}
