/// The review page: one HTML document with its style and script inline, nothing fetched from
/// anywhere but Cull itself (no CDN: it works offline). The live page fetches its document from
/// the server and renders it; the static report carries its tiles as HTML (``ReportHTML``).
enum ReviewPage {
    /// The page's icon (an SVG, served at `/favicon.ico` without the token: it gives nothing away).
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0a64d6"/>\
        <path d="M9 10h14l-1.5 15h-11z" fill="#fff"/><rect x="7" y="7" width="18" height="3" rx="1.5" fill="#fff"/></svg>
        """

    /// The live page may run only its own inline script (by nonce) and load only from this server.
    static func contentSecurityPolicy(nonce: String) -> String {
        "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; img-src 'self'; media-src 'self'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// What a static report puts into the page: its summary line and its sections as HTML.
    struct Report {
        let origin: ReviewScope.Origin
        let summary: String
        let sections: String
    }

    /// The page. `token` is the server's secret (empty for the static report); `command` the command
    /// line that starts the review again (the page says it when the server is gone); `report` the
    /// static report's content (nil: the page fetches its document).
    static func html(token: String, nonce: String = "", command: String = "cull review", report: Report? = nil) -> String {
        let nonceAttribute = nonce.isEmpty ? "" : " nonce=\"\(nonce)\""
        let iconLink = report == nil ? "/favicon.ico" : "data:image/svg+xml," + icon.utf8.map { byte in
            // Percent-encoded as a URL: the SVG holds quotes, `#` and `<`.
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x20
                ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
        }.joined()
        let staticAttributes = report.map { " data-static=\"1\" data-origin=\"\($0.origin == .plan ? "plan" : "staged")\"" } ?? ""
        let keys = report == nil ? "\u{2190}\u{2192}\u{2191}\u{2193} move \u{b7} k keep \u{b7} u unstage \u{b7} t stage \u{b7} Enter view"
            : "static report: no actions"
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="cull review">
            <title>Cull review</title>
            <link rel="icon" type="image/svg+xml" href="\(HTML.escape(iconLink))">
            <style\(nonceAttribute)>
            \(ReviewPageStyle.css)
            </style>
            </head>
            <body data-token="\(HTML.escape(token))" data-command="\(HTML.escape(command))"\(staticAttributes)>
            <header>
            <div><h1>Cull review</h1><div class="sub" id="summary">\(report.map { HTML.escape($0.summary) } ?? "")</div></div>
            <div class="controls" id="controls"\(report == nil ? "" : " hidden")>
            <label>Kind <select id="kind"></select></label>
            <label>Rule <select id="rule"></select></label>
            <label>Sort <select id="sort"><option value="largest">largest</option><option value="newest">newest</option>\
            <option value="oldest">oldest</option></select></label>
            <span class="keys">\(keys)</span>
            </div>
            <div class="actions-bar idle" id="actions"><button id="stage-all" hidden></button><button id="commit" class="primary" hidden></button></div>
            </header>
            <main>
            <div id="receipt" role="status" hidden></div>
            <div id="sections">\(report?.sections ?? "")</div>
            </main>
            <div id="viewer" role="dialog" aria-modal="true" aria-labelledby="viewer-caption" hidden>\
            <div class="stage"></div><div class="caption" id="viewer-caption"></div>\
            <div class="viewer-actions"><button class="prev">\u{2190} Previous</button><button class="act-keep">Keep</button>\
            <button class="act-unstage">Unstage</button><button class="act-stage">Stage</button>\
            <button class="next">Next \u{2192}</button><button class="close">Close (Esc)</button></div></div>
            <dialog id="confirm" aria-labelledby="confirm-text"><p id="confirm-text"></p><p><button id="confirm-no" autofocus>Cancel</button> \
            <button id="confirm-yes" class="primary">Move to trash</button></p></dialog>
            <div id="notice" role="status" aria-live="polite" hidden></div>
            <script\(nonceAttribute)>
            \(ReviewPageScript.js)
            </script>
            </body>
            </html>

            """
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation-free, so the page builds the same everywhere).
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }

    /// Zeros in front up to `width` characters.
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
