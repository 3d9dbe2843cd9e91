import Foundation

/// Shop exports that a batch suite and its end-to-end half both read, made here once.
enum ShopExports {
    /// Shopify's product CSV layout (Handle, Title, Variant SKU, Variant Price): two products
    /// whose values slug to one name (`crème-serum`, `creme-serum`), a repeated row, and a
    /// product without a SKU.
    static let shopifyClash = """
        Handle,Title,Variant SKU,Variant Price
        crème-serum,Crème serum,CS-1,49.96
        creme-serum,Creme serum (refill),CS-2,59.96
        creme-serum,Creme serum (refill),CS-2,59.96
        clay-mask,Clay mask,,39.96

        """

    /// A WooCommerce product export of these SKUs at these regular prices.
    static func woo(_ rows: [(sku: String, price: String)]) -> String {
        "ID,Type,SKU,Name,Published,Regular price\n"
            + rows.enumerated().map { "\($0.offset + 10),simple,\($0.element.sku),Product \($0.element.sku),1,\($0.element.price)\n" }.joined()
    }

    /// How a WooCommerce export is batched: its price and SKU columns, other columns ignored.
    static let wooOptions = ["--map", "amount=Regular price,name=SKU", "--extra-columns", "ignore", "--locale", "en_AU", "--jobs", "1"]

    /// The files of a folder, its hidden ones (the batch's own) left out, sorted.
    static func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }
}
