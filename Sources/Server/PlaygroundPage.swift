import BreakdownEncode
import BreakdownOptions
import Foundation

/// `GET /` under `serve --playground`: one HTML page to try the breakdown by hand. Its form is
/// generated from the option table the server reads queries with (a field for every content and
/// drawing option: its name, choices, default, range and help), so it shows exactly what a URL
/// may say. The page draws the query live, light and dark, in both views (each a PNG the server
/// answers, at scale 2 shown at its size in points), says why a preview is refused, and shows the
/// image URL and the `<picture>` snippet to copy. Its URLs are unsigned: the server that answers
/// the page answers unsigned URLs (`--allow-unsigned`), and the page never signs anything.
enum PlaygroundPage {
    /// What the page's response carries besides its type: its own policy (its script and style
    /// inline, images from the server and as blobs, requests to the server only).
    static let policy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' blob:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"

    /// The option `amount` starts at a price the default configuration shows, not 0.
    static let startingValues = ["amount": "100"]

    static func html(groups: [OptionGroup], limits: ServerLimits, fontFamilies: [String], baseURL: String) -> String {
        var fields = ""
        for group in groups {
            fields += "<fieldset><legend>\(HTMLText.escape(title(group.title)))</legend>\n"
            for spec in group.options { fields += field(spec, limits: limits, fontFamilies: fontFamilies) }
            fields += "</fieldset>\n"
        }
        fields += "<fieldset><legend>Server options</legend>\n"
        fields += choiceField(
            name: BreakdownService.hiddenKey, values: HiddenAnswer.allCases.map(\.rawValue), defaultText: "the server's",
            help: "A hidden breakdown's image: empty (204 No Content) or transparent (one transparent point).")
        fields += "</fieldset>\n"
        var base = Substring(baseURL)
        while base.hasSuffix("/") { base = base.dropLast() }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>breakdown playground</title>
            <style>
            \(style)
            </style>
            </head>
            <body data-state="loading" data-base-url="\(HTMLText.escape(String(base)))">
            <header><h1>breakdown playground</h1>
            <p>Every option of <code>/v1/breakdown.png</code>; the previews are the server's own images. Its URLs are unsigned: sign them for a server that answers signed URLs only (docs/serve.md, Signed URLs).</p></header>
            <main>
            <form id="options" autocomplete="off">
            \(fields)</form>
            <section id="preview" aria-live="polite">
            <div class="views">
            \(figure("ios", "light"))\(figure("ios", "dark"))\(figure("android", "light"))\(figure("android", "dark"))</div>
            <div class="copy"><label for="url">Image URL (scale 2)</label><div class="row"><input id="url" readonly><button type="button" data-copy="url">Copy</button></div></div>
            <div class="copy"><label for="snippet">Snippet for a page or an email</label><div class="row"><textarea id="snippet" readonly rows="8"></textarea><button type="button" data-copy="snippet">Copy</button></div><p id="snippet-problem" class="problem"></p></div>
            </section>
            </main>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
    }

    /// `CONTENT OPTIONS` → `Content options`.
    static func title(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst().lowercased()
    }

    private static func figure(_ platform: String, _ appearance: String) -> String {
        let caption = (platform == "ios" ? "iOS" : "Android") + ", " + appearance
        return """
            <figure class="\(appearance)" data-platform="\(platform)" data-appearance="\(appearance)"><figcaption>\(caption)</figcaption><img alt="" hidden><p class="problem"></p><p class="warning"></p></figure>

            """
    }

    private static func field(_ spec: OptionSpec, limits: ServerLimits, fontFamilies: [String]) -> String {
        let name = HTMLText.escape(spec.name)
        let help = HTMLText.escape(spec.help)
        switch spec.kind {
        case .flag:
            return "<div class=\"field flag\"><label><input type=\"checkbox\" name=\"\(name)\" value=\"true\"> \(name)</label><small>\(help)</small></div>\n"
        case .value(let valueName, let kind, let defaultValue):
            let defaultText = defaultValue ?? spec.defaultHelp ?? "none"
            if let choices = OpenAPIDocument.choices(spec, limits: limits) {
                return choiceField(name: spec.name, values: choices, defaultText: defaultText, help: spec.help)
            }
            var attributes = "name=\"\(name)\" id=\"field-\(name)\" placeholder=\"\(HTMLText.escape(defaultText))\""
            if let value = startingValues[spec.name] { attributes += " value=\"\(HTMLText.escape(value))\"" }
            var extra = ""
            switch kind {
            case .integer(let range):
                attributes = "type=\"number\" step=\"1\" min=\"\(range.lowerBound)\" max=\"\(Int(min(Double(range.upperBound), limits.largest(spec.name) ?? .infinity)))\" " + attributes
            case .number(let range):
                let high = min(range.upperBound, limits.largest(spec.name) ?? .infinity)
                attributes = "type=\"number\" step=\"any\" min=\"\(range.lowerBound.shortText)\" max=\"\(high.shortText)\" " + attributes
            case .decimal:
                attributes = "type=\"text\" inputmode=\"decimal\" " + attributes
            default:
                attributes = "type=\"text\" " + attributes
                if spec.name == RenderOptions.font.name, !fontFamilies.isEmpty {
                    attributes += " list=\"fonts\""
                    extra = "<datalist id=\"fonts\">" + fontFamilies.map { "<option value=\"\(HTMLText.escape($0))\">" }.joined() + "</datalist>"
                }
            }
            return "<div class=\"field\"><label for=\"field-\(name)\">\(name) <span class=\"kind\">&lt;\(HTMLText.escape(valueName))&gt;</span></label><input \(attributes)>\(extra)<small>\(help)</small></div>\n"
        }
    }

    private static func choiceField(name: String, values: [String], defaultText: String, help: String) -> String {
        let escaped = HTMLText.escape(name)
        let options = "<option value=\"\">default (\(HTMLText.escape(defaultText)))</option>"
            + values.map { "<option value=\"\(HTMLText.escape($0))\">\(HTMLText.escape($0))</option>" }.joined()
        return "<div class=\"field\"><label for=\"field-\(escaped)\">\(escaped)</label><select name=\"\(escaped)\" id=\"field-\(escaped)\">\(options)</select><small>\(HTMLText.escape(help))</small></div>\n"
    }

    private static let style = """
        :root { font-family: system-ui, sans-serif; color: #1a1a1a; background: #f4f4f2; }
        body { margin: 0; }
        header { padding: 12px 20px; background: #fff; border-bottom: 1px solid #ddd; }
        header h1 { font-size: 20px; margin: 0 0 4px; }
        header p { margin: 0; font-size: 14px; color: #555; }
        main { display: grid; grid-template-columns: minmax(280px, 420px) 1fr; gap: 20px; padding: 20px; align-items: start; }
        @media (max-width: 800px) { main { grid-template-columns: 1fr; padding: 12px; } #preview { order: -1; } }
        form { max-height: calc(100vh - 120px); overflow: auto; }
        @media (max-width: 800px) { form { max-height: none; } }
        fieldset { border: 1px solid #ccc; border-radius: 6px; margin: 0 0 12px; background: #fff; }
        legend { font-weight: 600; padding: 0 4px; }
        .field { margin: 8px 0; }
        .field label { display: block; font-weight: 600; font-size: 14px; }
        .field.flag label { font-weight: 600; }
        .field input:not([type=checkbox]), .field select { width: 100%; box-sizing: border-box; padding: 4px; font-size: 14px; }
        .field small { display: block; color: #666; font-size: 12px; }
        .kind { font-weight: 400; color: #888; }
        #preview { position: sticky; top: 12px; min-width: 0; }
        @media (max-width: 800px) { #preview { position: static; } }
        .views { display: grid; grid-template-columns: 1fr; gap: 8px; }
        figure { margin: 0; padding: 12px; border-radius: 6px; border: 1px solid #ccc; overflow: hidden; }
        figure.light { background: #fff; }
        figure.dark { background: #000; color: #eee; }
        figcaption { font-size: 12px; margin-bottom: 6px; opacity: 0.7; }
        figure img { display: block; max-width: 100%; height: auto; }
        .problem { color: #b00020; font-size: 13px; margin: 4px 0 0; }
        figure.dark .problem { color: #ff8a80; }
        .warning { color: #8a5a00; font-size: 12px; margin: 4px 0 0; }
        figure.dark .warning { color: #ffd180; }
        .problem:empty, .warning:empty { display: none; }
        .copy { margin-top: 12px; }
        .copy label { font-weight: 600; font-size: 14px; display: block; }
        .row { display: flex; gap: 6px; align-items: start; }
        .row input, .row textarea { flex: 1; min-width: 0; font-family: ui-monospace, monospace; font-size: 12px; }
        """

    private static let script = """
        'use strict';
        const form = document.getElementById('options');
        const baseURL = document.body.dataset.baseUrl || '';
        const encode = (text) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
        function pairs() {
          const out = [];
          for (const element of form.elements) {
            if (!element.name) continue;
            if (element.type === 'checkbox') { if (element.checked) out.push([element.name, 'true']); }
            else if (element.value !== '') out.push([element.name, element.value]);
          }
          return out;
        }
        const query = (list) => list.map(([key, value]) => encode(key) + '=' + encode(value)).join('&');
        async function problemText(response) {
          try { return (await response.json()).detail; } catch (error) { return response.status + ' ' + response.statusText; }
        }
        const warnings = (header) => header ? Array.from(header.matchAll(/"((?:[^"\\\\]|\\\\.)*)"/g), (m) => m[1].replace(/\\\\(.)/g, '$1')) : [];
        let generation = 0;
        async function preview(figure, base, current) {
          const list = base.filter(([key]) => key !== 'platform' && key !== 'appearance' && key !== 'scale');
          list.push(['platform', figure.dataset.platform], ['appearance', figure.dataset.appearance], ['scale', '2']);
          const url = '/v1/breakdown.png?' + query(list);
          const image = figure.querySelector('img'), problem = figure.querySelector('.problem'), warning = figure.querySelector('.warning');
          let response;
          try { response = await fetch(url); } catch (error) { if (current === generation) problem.textContent = String(error); return; }
          if (current !== generation) return;
          warning.textContent = warnings(response.headers.get('X-Breakdown-Warning')).join('; ');
          if (response.status === 200) {
            const blob = await response.blob();
            if (current !== generation) return;
            const old = image.src;
            image.dataset.url = url;
            image.src = URL.createObjectURL(blob);
            if (old.startsWith('blob:')) URL.revokeObjectURL(old);
            await image.decode().catch(() => {});
            image.style.width = (image.naturalWidth / 2) + 'px';
            image.hidden = false;
            problem.textContent = '';
          } else {
            image.hidden = true;
            image.removeAttribute('src');
            image.dataset.url = url;
            problem.textContent = response.status === 204 ? 'hidden: ' + (response.headers.get('X-Breakdown-Hidden') || '') : await problemText(response);
          }
        }
        async function update() {
          const current = ++generation;
          document.body.dataset.state = 'loading';
          const base = pairs();
          const imageQuery = base.filter(([key]) => key !== 'scale').concat([['scale', '2']]);
          document.getElementById('url').value = baseURL + '/v1/breakdown.png?' + query(imageQuery);
          const snippet = (async () => {
            const response = await fetch('/v1/breakdown.html?' + query(base));
            if (current !== generation) return;
            const text = response.status === 200 ? await response.text() : '';
            const problem = response.status === 200 ? '' : await problemText(response);
            if (current !== generation) return;
            document.getElementById('snippet').value = text;
            document.getElementById('snippet-problem').textContent = problem;
          })();
          await Promise.all([snippet].concat(Array.from(document.querySelectorAll('figure[data-platform]'), (figure) => preview(figure, base, current))));
          if (current === generation) { document.body.dataset.query = query(base); document.body.dataset.state = 'ready'; }
        }
        let timer = 0;
        form.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(update, 150); });
        form.addEventListener('change', () => { clearTimeout(timer); update(); });
        for (const button of document.querySelectorAll('button[data-copy]')) {
          button.addEventListener('click', async () => {
            const field = document.getElementById(button.dataset.copy);
            try { await navigator.clipboard.writeText(field.value); } catch (error) { field.select(); document.execCommand('copy'); }
            button.textContent = 'Copied';
            setTimeout(() => { button.textContent = 'Copy'; }, 1200);
          });
        }
        update();
        """
}
