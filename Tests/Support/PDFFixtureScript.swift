/// The start of the Python scripts that write the artwork tests' PDF fixtures (ArtworkBoundsTests,
/// ArtworkTrialTests, PinnedBehaviourTests2): `pdf(objects)` writing a PDF of those objects with
/// its cross-reference table to `path` (which the script sets from its command line),
/// `stream(dictionary, data)`, and `head`, the catalog and page tree of a one-page document (the
/// page is object 3, its content object 4).
public enum PDFFixtureScript {
    public static let prelude = """
        import sys, zlib
        def pdf(objs):
            out = b"%PDF-1.5\\n"; offs = []
            for i, o in enumerate(objs, 1):
                offs.append(len(out)); out += b"%d 0 obj\\n" % i + o + b"\\nendobj\\n"
            x = len(out); out += b"xref\\n0 %d\\n0000000000 65535 f \\n" % (len(objs) + 1)
            for o in offs: out += b"%010d 00000 n \\n" % o
            out += b"trailer\\n<< /Size %d /Root 1 0 R >>\\nstartxref\\n%d\\n%%%%EOF\\n" % (len(objs) + 1, x)
            open(path, "wb").write(out)
        def stream(d, data): return b"<< " + d + b" /Length %d >>\\nstream\\n" % len(data) + data + b"\\nendstream"
        head = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"]

        """
}
