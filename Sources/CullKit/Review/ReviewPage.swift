/// The review page: one HTML document with its style and script inline, nothing fetched from
/// anywhere but Cull itself (no CDN: it works offline). The live page fetches its document from
/// the server; the static report carries it inline.
enum ReviewPage {
    /// The live page may run only its own inline script (by nonce) and load only from this server.
    static func contentSecurityPolicy(nonce: String) -> String {
        "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; img-src 'self'; media-src 'self'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// The page. `token` is the server's secret (empty for the static report); `data` the
    /// document (compact JSON) for a static report (nil: the page fetches it).
    static func html(token: String, nonce: String = "", data: [UInt8]?) -> String {
        let nonceAttribute = nonce.isEmpty ? "" : " nonce=\"\(nonce)\""
        // `<` never appears raw inside the script element: a name like `</script>` stays text.
        let embedded = data.map {
            "<script type=\"application/json\" id=\"data\">"
                + String(decoding: $0, as: UTF8.self).replacingAll("<", with: "\\u003c") + "</script>\n"
        } ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>Cull review</title>
            <style\(nonceAttribute)>
            \(ReviewPageStyle.css)
            </style>
            </head>
            <body data-token="\(HTML.escape(token))">
            <header>
            <div><h1>Cull review</h1><div class="sub" id="summary"></div></div>
            <div class="controls">
            <label>Kind <select id="kind"></select></label>
            <label>Rule <select id="rule"></select></label>
            <label>Sort <select id="sort"><option value="largest">largest</option><option value="newest">newest</option>\
            <option value="oldest">oldest</option></select></label>
            <span class="keys">\(data == nil ? "\u{2190}\u{2192}\u{2191}\u{2193} move \u{b7} k keep \u{b7} u unstage \u{b7} t stage \u{b7} Enter view" : "static report: no actions")</span>
            <button id="commit" class="primary" hidden></button>
            </div>
            </header>
            <main>
            <div id="receipt" hidden></div>
            <div id="sections"></div>
            </main>
            <div id="viewer" hidden><button class="close">Close (Esc)</button><div class="stage"></div><div class="caption"></div></div>
            <dialog id="confirm"><p id="confirm-text"></p><p><button id="confirm-yes" class="primary">Move to trash</button> \
            <button id="confirm-no">Cancel</button></p></dialog>
            <div id="notice" hidden></div>
            \(embedded)<script\(nonceAttribute)>
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
}
