/// The review page's script. On the live page it renders the document the server sends, filters
/// and sorts, and sends decisions; on a static report (tiles already in the HTML, which shows
/// them without any script) it only adds the filters, the sort and the large view.
/// Every text from the index goes in through `textContent`, never as HTML.
enum ReviewPageScript {
    /// The whole script: its parts in this order, a blank line between each.
    static let js = [setup, tiles, decisions, largeView, commitFlow, staticReport, controls].joined(separator: "\n\n")

    /// Constants, the page's state, the words a file is shown with, and the first fetch of the document.
    static let setup = #"""
        "use strict";
        const TOKEN = document.body.dataset.token || "";
        const STATIC = document.body.dataset.static === "1";
        const COMMAND = document.body.dataset.command || "cull review";
        // Originals and previews carry the token in their URL: no cookie holds it (see ReviewGate).
        const AUTH = "?token=" + encodeURIComponent(TOKEN);
        const PAGE = 240;          // tiles rendered per step; more as the end comes into view
        let doc = null, byId = new Map(), order = [], rendered = 0, current = null, blocks = [], opener = null, gone = false;
        const $ = (sel) => document.querySelector(sel);
        const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; };
        // Text of a receipt (exact JSON) as the page shows text: controls and bidi controls made visible (Escape.terminal's form).
        const visible = (t) => (typeof t === "string" ? t : "(a name that is not UTF-8)").replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g,
          (c) => { const n = c.charCodeAt(0); return n < 0x20 || n === 0x7f ? "\\x" + n.toString(16).padStart(2, "0") : "\\u{" + n.toString(16) + "}"; });

        function bytes(n) {
          const units = ["B", "KB", "MB", "GB", "TB"]; let u = 0, v = n;
          while (v >= 1000 && u < units.length - 1) { v /= 1000; u++; }
          return u === 0 ? n + " B" : (Math.round(v * 10) / 10) + " " + units[u];
        }
        // Thumbnails come upright from the server; originals are turned by the browser from their EXIF.
        function day(epoch) { return new Date(epoch * 1000).toISOString().slice(0, 10); }
        function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
        const stateLabel = { staged: "staged", kept: "kept", proposed: "proposed", new: "not staged" };
        // The tile, the large view and the screen reader say the same: a keeper nobody staged "stays".
        const label = (item) => item.keeper && item.state === "new" ? "stays" : stateLabel[item.state];
        const going = (item) => item.state === "staged" || item.state === "proposed";
        // What "stage these" / "stage all" would take: proposed files, or (staged set) files unstaged here.
        const stageable = (item) => item.state === "proposed" || (doc.origin === "staged" && item.state === "new" && !item.keeper);
        const tileLabel = (item) => item.name + ", " + label(item) + (item.keeper ? ", keeper of its group" : "") + ", " + bytes(item.size);

        async function load() {
          if (STATIC) { adopt(); return; }
          let response;
          try { response = await fetch("/api/items", { headers: { "X-Cull-Token": TOKEN } }); } catch (error) { serverGone(); return; }
          if (!response.ok) { notice(await response.text()); return; }
          setDocument(await response.json());
          if (doc.receipt) showReceipt(doc.receipt);
        }
        """#
}
