/// The review page's script (see ``ReviewPageScript``): what is sent to the server and how its answer is shown.
extension ReviewPageScript {
    /// Focus by tile, the authenticated POST, a server that is gone, a decision on one file or on all,
    /// and the answer (the whole document again) brought into the page in place.
    static let decisions = #"""
        function tileOf(id) { return document.querySelector('.tile[data-id="' + id + '"]'); }
        function focusTile(id) { const t = tileOf(id); if (t) { t.focus({ preventScroll: false }); current = id; } }

        async function post(url) {
          let response;
          try { response = await fetch(url, { method: "POST", headers: { "X-Cull-Token": TOKEN } }); } catch (error) { serverGone(); return null; }
          const text = await response.text();
          if (!response.ok) { notice(visible(text.trim())); return null; }
          if (gone) { gone = false; $("#notice").hidden = true; }
          return JSON.parse(text);
        }

        // fetch() throws when nothing answers: say so, and how to start the review again.
        function serverGone() {
          gone = true;
          const n = $("#notice"); n.replaceChildren(); n.classList.add("gone");
          n.append("The review server is not answering (it was stopped, or the computer slept): nothing was changed. "
            + "Start it again in a terminal with ", el("code", null, COMMAND), " and use the page it opens.");
          n.hidden = false; clearTimeout(notice.timer);
        }

        async function decide(id, action) {
          const item = byId.get(id); if (!item || !doc.interactive) return;
          const next = await post("/api/decide?id=" + id + "&to=" + action);
          if (next) applyDocument(next);
        }

        async function stageAll() {
          const next = await post("/api/stage-all");
          if (next) applyDocument(next);
        }

        // A decision's answer is the whole document again: every tile, section total and button is
        // brought up to it in place (scroll and focus stay); new or vanished files re-render.
        function applyDocument(next) {
          const changed = [];
          for (const item of next.items) {
            const old = byId.get(item.id);
            if (!old || old.state !== item.state || old.keeper !== item.keeper || old.reason !== item.reason) changed.push(item);
          }
          const added = next.items.length !== doc.items.length || next.sections.length !== doc.sections.length;
          doc = next; byId = new Map(doc.items.map((item) => [item.id, item]));
          if (added) { const keep = current; fillFilters(); render(); if (keep != null) focusTile(keep); }
          else for (const item of changed) {
            const t = tileOf(item.id); if (!t) continue;
            t.classList.remove("staged", "kept", "proposed", "new"); t.classList.add(item.state);
            t.querySelector(".badge").textContent = label(item);
            t.setAttribute("aria-label", tileLabel(item));
            const reason = t.querySelector(".reason"); reason.textContent = item.reason; reason.title = item.reason;
            enableActions(t, item.state);
          }
          for (const box of document.querySelectorAll("section.rule")) fillSection(box);
          header();
          if (!$("#viewer").hidden && current != null) openViewer(current);
        }
        """#

    /// The notice line, the confirmation before a commit, its receipt, and the commit itself.
    static let commitFlow = #"""
        function notice(text) {
          if (gone) return;
          const n = $("#notice"); n.classList.remove("gone"); n.textContent = text; n.hidden = false;
          clearTimeout(notice.timer); notice.timer = setTimeout(() => { n.hidden = true; }, 6000);
        }

        function confirmCommit() {
          const s = doc.staged; if (!doc.interactive || !s.count) return;
          $("#confirm-text").textContent = "Move " + plural(s.count, "file") + " (" + bytes(s.bytes) + ") to the trash? "
            + "This commits exactly the staged set with fingerprint " + doc.fingerprint + "; 'cull undo' brings it back.";
          $("#confirm").showModal();
          $("#confirm-no").focus();     // Enter must not commit by itself
        }

        function showReceipt(r) {
          const box = $("#receipt");
          const lines = ["Moved " + plural(r.moved, "file") + " (" + bytes(r.bytes) + ") to the trash" + (r.companions ? ", with " + plural(r.companions, "sidecar") : "") + "."];
          if (r.gone) lines.push(plural(r.gone, "file") + " had gone already.");
          if (r.skipped.length) lines.push("Skipped " + r.skipped.length + ": " + r.skipped.map((s) => visible(s.path) + " (" + visible(s.reason) + ")").join("; "));
          if (r.still_staged) lines.push(plural(r.still_staged, "file") + " still staged.");
          lines.push("Undo with: cull undo " + r.commit);
          box.replaceChildren(...lines.map((line) => el("div", null, line))); box.hidden = false; box.dataset.commit = r.commit;
        }

        async function commit() {
          $("#confirm").close();
          const result = await post("/api/commit?fingerprint=" + encodeURIComponent(doc.fingerprint));
          if (!result) return;
          showReceipt(result.receipt);
          applyDocument(result.document); render();
        }
        """#
}
