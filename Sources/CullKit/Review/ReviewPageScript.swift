/// The review page's script: renders the document, filters and sorts, and sends decisions.
/// Every text from the index goes in through `textContent`, never as HTML.
enum ReviewPageScript {
    static let js = #"""
        "use strict";
        const TOKEN = document.body.dataset.token || "";
        // Originals and previews carry the token in their URL: no cookie holds it (see ReviewGate).
        const AUTH = "?token=" + encodeURIComponent(TOKEN);
        const PAGE = 240;          // tiles rendered per step; more as the end comes into view
        let doc = null, byId = new Map(), order = [], rendered = 0, current = null, blocks = [];
        const $ = (sel) => document.querySelector(sel);
        const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; };

        function bytes(n) {
          const units = ["B", "KB", "MB", "GB", "TB"]; let u = 0, v = n;
          while (v >= 1000 && u < units.length - 1) { v /= 1000; u++; }
          return u === 0 ? n + " B" : (Math.round(v * 10) / 10) + " " + units[u];
        }
        // Thumbnails come upright from the server; originals are turned by the browser from their EXIF.
        function day(epoch) { return new Date(epoch * 1000).toISOString().slice(0, 10); }
        function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

        async function load() {
          const embedded = document.getElementById("data");
          if (embedded) { setDocument(JSON.parse(embedded.textContent)); return; }
          const response = await fetch("/api/items", { headers: { "X-Cull-Token": TOKEN } });
          if (!response.ok) { notice(await response.text()); return; }
          setDocument(await response.json());
        }

        function setDocument(next) {
          doc = next; byId = new Map(doc.items.map((item) => [item.id, item]));
          fillFilters(); render(); header();
          document.body.dataset.ready = "1";
        }

        function fillFilters() {
          const kinds = [...new Set(doc.items.map((i) => i.kind))].sort();
          const kind = $("#kind"), rule = $("#rule"), keepKind = kind.value, keepRule = rule.value;
          kind.replaceChildren(new Option("all kinds", ""), ...kinds.map((k) => new Option(k, k)));
          rule.replaceChildren(new Option("all rules", ""), ...doc.sections.map((s, i) => new Option(s.rule, String(i))));
          kind.value = kinds.includes(keepKind) ? keepKind : ""; rule.value = keepRule && doc.sections[+keepRule] ? keepRule : "";
        }

        function header() {
          const s = doc.staged, button = $("#commit");
          button.textContent = "Empty Trash (" + s.count + " \u00b7 " + bytes(s.bytes) + ")";
          button.hidden = !doc.interactive;
          button.disabled = s.count === 0;
          const proposed = doc.items.filter((i) => i.state === "proposed");
          const parts = [doc.origin === "plan" ? "plan of the rules" : "what is staged now"];
          if (doc.planFingerprint) parts.push("plan fingerprint " + doc.planFingerprint);
          parts.push("staged set fingerprint " + doc.fingerprint);
          if (doc.origin === "plan") parts.push(plural(proposed.length, "file") + " proposed (" + bytes(proposed.reduce((a, i) => a + i.size, 0)) + ")");
          if (!doc.interactive) parts.push("staged: " + plural(s.count, "file") + " \u00b7 " + bytes(s.bytes));
          $("#summary").textContent = parts.join(" \u00b7 ");
        }

        function sortKey() {
          const sort = $("#sort").value;
          if (sort === "newest") return (a, b) => b.date - a.date || a.id - b.id;
          if (sort === "oldest") return (a, b) => a.date - b.date || a.id - b.id;
          return (a, b) => b.size - a.size || a.id - b.id;
        }

        // The page as a list of blocks (section headers, groups, runs of tiles), rendered a page at a time.
        function render() {
          const main = $("#sections"); main.replaceChildren();
          const kind = $("#kind").value, rule = $("#rule").value, compare = sortKey();
          blocks = []; order = []; rendered = 0;
          doc.sections.forEach((section, index) => {
            if (rule !== "" && +rule !== index) return;
            const items = doc.items.filter((i) => i.section === index && (!kind || i.kind === kind));
            if (!items.length) return;
            blocks.push({ type: "section", section, index, items });
            const groups = new Map();
            const loose = [];
            for (const item of items) {
              if (item.group == null) { loose.push(item); continue; }
              if (!groups.has(item.group)) groups.set(item.group, []);
              groups.get(item.group).push(item);
            }
            const sortedGroups = [...groups.entries()].map(([g, members]) => {
              members.sort((a, b) => (b.keeper ? 1 : 0) - (a.keeper ? 1 : 0) || compare(a, b));
              return { g, members, lead: members.filter((m) => !m.keeper)[0] || members[0] };
            }).sort((x, y) => compare(x.lead, y.lead));
            for (const { g, members } of sortedGroups) { blocks.push({ type: "group", section, g, items: members }); order.push(...members); }
            loose.sort(compare);
            for (let i = 0; i < loose.length; i += PAGE) { blocks.push({ type: "tiles", items: loose.slice(i, i + PAGE) }); }
            order.push(...loose);
          });
          if (!blocks.length) main.append(el("p", "empty", doc.items.length ? "Nothing matches the filters." : "Nothing to review: nothing is staged or proposed."));
          renderMore();
        }

        let sentinel = null;
        const observer = "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
          if (entries.some((e) => e.isIntersecting)) renderMore();
        }, { rootMargin: "800px" }) : null;

        function renderMore() {
          const main = $("#sections"); let budget = PAGE;
          if (sentinel) { observer && observer.unobserve(sentinel); sentinel.remove(); sentinel = null; }
          let grid = main.lastElementChild && main.lastElementChild.querySelector(":scope > .grid:last-child");
          while (rendered < blocks.length && budget > 0) {
            const block = blocks[rendered++];
            if (block.type === "section") { main.append(sectionHeader(block)); grid = null; continue; }
            const host = main.lastElementChild;
            if (block.type === "group") { host.append(groupBox(block)); grid = null; budget -= block.items.length; continue; }
            if (!grid) { grid = el("div", "grid"); host.append(grid); }
            for (const item of block.items) grid.append(tile(item));
            budget -= block.items.length;
          }
          if (rendered < blocks.length) {
            sentinel = el("div", "more", "Loading more\u2026"); main.append(sentinel);
            if (observer) observer.observe(sentinel); else { sentinel.textContent = "More"; sentinel.onclick = renderMore; }
          }
        }

        function sectionHeader(block) {
          const box = el("section", "rule"); box.dataset.section = block.index;
          const h = el("h2"); h.append(el("span", null, block.section.rule));
          if (block.section.ruleFile) h.append(el("span", "file", block.section.ruleFile));
          const going = block.items.filter((i) => !i.keeper);
          h.append(el("span", "totals", plural(going.length, "file") + " \u00b7 " + bytes(going.reduce((a, i) => a + i.size, 0))
            + (going.length < block.items.length ? " (and " + plural(block.items.length - going.length, "keeper") + ")" : "")));
          if (doc.interactive && block.items.some((i) => i.state === "proposed" || (doc.origin === "staged" && i.state === "new" && !i.keeper))) {
            const all = el("button", "stage-section", "Stage these"); all.onclick = async () => { const next = await post("/api/stage-section?section=" + block.index); if (next) applyDocument(next); };
            h.append(all);
          }
          box.append(h); return box;
        }

        function groupBox(block) {
          const box = el("div", "group"); const info = block.section.groups[block.g];
          const keeper = info && info.keeper != null ? byId.get(info.keeper) : null;
          box.append(el("p", "why", "Duplicate group: keeps " + (keeper ? keeper.name : "one copy") + (info && info.decidedBy ? ", chosen by " + info.decidedBy : "")));
          const grid = el("div", "grid"); for (const item of block.items) grid.append(tile(item)); box.append(grid); return box;
        }

        const stateLabel = { staged: "staged", kept: "kept", proposed: "proposed", new: "not staged" };
        const label = (item) => item.keeper && item.state === "new" ? "stays" : stateLabel[item.state];

        function tile(item) {
          const t = el("div", "tile " + item.state); t.tabIndex = 0; t.dataset.id = item.id;
          const thumb = el("div", "thumb"); const img = el("img");
          img.loading = "lazy"; img.decoding = "async"; img.alt = item.name; img.src = item.thumb;
          thumb.append(img); thumb.onclick = () => { focusTile(item.id); openViewer(item.id); };
          const meta = el("div", "meta");
          const name = el("span", "name"); if (item.folder) name.append(el("span", "dir", item.folder + "/"));
          name.append(item.name); name.title = (item.folder ? item.folder + "/" : "") + item.name; meta.append(name);
          const facts = el("span", "facts", bytes(item.size) + " \u00b7 " + day(item.date) + (item.duration ? " \u00b7 " + clock(item.duration) : ""));
          facts.title = item.dated ? "capture date" : "no capture date: the file's modification date";
          meta.append(facts);
          const reason = el("span", "reason", item.broken ? "damaged: " + item.broken + "; " + item.reason : item.reason); reason.title = item.folder + "/" + item.name + "\n" + reason.textContent;
          meta.append(reason);
          t.append(thumb, meta, el("span", "badge", label(item)));
          if (item.keeper) { t.classList.add("keeper"); t.append(el("span", "keeper-mark", "keeper")); }
          if (doc.interactive) {
            const actions = el("div", "actions");
            for (const [action, label] of [["keep", "Keep"], ["unstage", "Unstage"], ["stage", "Stage"]]) {
              const b = el("button", "act-" + action, label); b.title = label + " (" + action[0] + ")";
              b.onclick = (e) => { e.stopPropagation(); focusTile(item.id); decide(item.id, action); };
              actions.append(b);
            }
            t.append(actions);
            enableActions(t, item.state);
          }
          t.onfocus = () => { current = item.id; };
          return t;
        }

        // The button of what the tile already is does nothing: it is greyed out.
        function enableActions(t, state) {
          const keep = t.querySelector(".act-keep"), unstage = t.querySelector(".act-unstage"), stage = t.querySelector(".act-stage");
          if (!keep) return;
          keep.disabled = state === "kept"; stage.disabled = state === "staged"; unstage.disabled = state === "proposed" || state === "new";
        }

        function clock(seconds) {
          const s = Math.round(seconds), m = Math.floor(s / 60) % 60, h = Math.floor(s / 3600), r = s % 60;
          return (h ? h + ":" + String(m).padStart(2, "0") : m) + ":" + String(r).padStart(2, "0");
        }

        function tileOf(id) { return document.querySelector('.tile[data-id="' + id + '"]'); }
        function focusTile(id) { const t = tileOf(id); if (t) { t.focus({ preventScroll: false }); current = id; } }

        async function post(url) {
          const response = await fetch(url, { method: "POST", headers: { "X-Cull-Token": TOKEN } });
          const text = await response.text();
          if (!response.ok) { notice(text.trim()); return null; }
          const value = JSON.parse(text);
          return value;
        }

        async function decide(id, action) {
          const item = byId.get(id); if (!item || !doc.interactive) return;
          const next = await post("/api/decide?id=" + id + "&to=" + action);
          if (next) applyDocument(next);
        }

        // A decision's answer is the whole document again: update states in place, keep scroll and focus.
        function applyDocument(next) {
          const changed = [];
          for (const item of next.items) {
            const old = byId.get(item.id);
            if (!old || old.state !== item.state) changed.push(item);
          }
          const added = next.items.length !== doc.items.length;
          doc = next; byId = new Map(doc.items.map((item) => [item.id, item]));
          if (added) { const keep = current; render(); if (keep != null) focusTile(keep); }
          else for (const item of changed) {
            const t = tileOf(item.id); if (!t) continue;
            t.classList.remove("staged", "kept", "proposed", "new"); t.classList.add(item.state);
            t.querySelector(".badge").textContent = label(item);
            enableActions(t, item.state);
          }
          header();
        }

        function move(delta, vertical) {
          const tiles = [...document.querySelectorAll(".tile")];
          if (!tiles.length) return;
          let index = tiles.findIndex((t) => +t.dataset.id === current);
          if (index < 0) { tiles[0].focus(); return; }
          if (vertical) {
            const here = tiles[index].getBoundingClientRect();
            const candidates = tiles.map((t, i) => [t.getBoundingClientRect(), i]).filter(([r]) => delta > 0 ? r.top > here.top + 4 : r.top < here.top - 4);
            if (!candidates.length) return;
            const rowTop = delta > 0 ? Math.min(...candidates.map(([r]) => r.top)) : Math.max(...candidates.map(([r]) => r.top));
            const row = candidates.filter(([r]) => Math.abs(r.top - rowTop) < 4);
            row.sort((a, b) => Math.abs(a[0].left - here.left) - Math.abs(b[0].left - here.left));
            index = row[0][1];
          } else {
            index = Math.max(0, Math.min(tiles.length - 1, index + delta));
            if (index >= tiles.length - 2 && rendered < blocks.length) renderMore();
          }
          tiles[index].focus(); tiles[index].scrollIntoView({ block: "nearest" });
        }

        function openViewer(id) {
          const item = byId.get(id); if (!item) return;
          const stage = $("#viewer .stage"); stage.replaceChildren();
          const video = ["mp4", "mov", "m4v"].includes(item.ext), showsOriginal = doc.interactive && ["jpg", "jpeg", "png", "gif", "webp"].includes(item.ext);
          if (doc.interactive && video) {
            const v = el("video"); v.controls = true; v.preload = "metadata"; v.src = "/original/" + id + AUTH; stage.append(v);
          } else {
            const decoded = doc.interactive && ["heic", "heif", "avif", "dng", "cr2", "nef", "arw", "orf", "rw2"].includes(item.ext);
            const img = el("img"); img.alt = item.name; img.src = showsOriginal ? "/original/" + id + AUTH : decoded ? "/preview/" + id + AUTH : item.thumb;
            stage.append(img);
          }
          $("#viewer .caption").textContent = item.folder + "/" + item.name + " \u00b7 " + bytes(item.size) + " \u00b7 " + stateLabel[item.state] + " \u00b7 " + item.reason;
          $("#viewer").hidden = false; $("#viewer").dataset.id = id;
        }
        function closeViewer() { const v = $("#viewer"); v.hidden = true; v.querySelector(".stage").replaceChildren(); if (current != null) focusTile(current); }

        function notice(text) {
          const n = $("#notice"); n.textContent = text; n.hidden = false;
          clearTimeout(notice.timer); notice.timer = setTimeout(() => { n.hidden = true; }, 5000);
        }

        function confirmCommit() {
          const s = doc.staged; if (!doc.interactive || !s.count) return;
          $("#confirm-text").textContent = "Move " + plural(s.count, "file") + " (" + bytes(s.bytes) + ") to the trash? "
            + "This commits exactly the staged set with fingerprint " + doc.fingerprint + "; 'cull undo' brings it back.";
          $("#confirm").showModal();
        }

        async function commit() {
          $("#confirm").close();
          const result = await post("/api/commit?fingerprint=" + encodeURIComponent(doc.fingerprint));
          if (!result) return;
          const r = result.receipt, box = $("#receipt");
          const lines = ["Moved " + plural(r.moved, "file") + " (" + bytes(r.bytes) + ") to the trash" + (r.companions ? ", with " + plural(r.companions, "sidecar") : "") + "."];
          if (r.gone) lines.push(plural(r.gone, "file") + " had gone already.");
          if (r.skipped.length) lines.push("Skipped " + r.skipped.length + ": " + r.skipped.map((s) => s.path + " (" + s.reason + ")").join("; "));
          if (r.still_staged) lines.push(plural(r.still_staged, "file") + " still staged.");
          lines.push("Undo with: cull undo " + r.commit);
          box.replaceChildren(...lines.map((line) => el("div", null, line))); box.hidden = false; box.dataset.commit = r.commit;
          applyDocument(result.document); render();
        }

        document.addEventListener("keydown", (e) => {
          if (e.target.tagName === "SELECT" || e.ctrlKey || e.metaKey || e.altKey) return;
          if ($("#confirm").open) return;
          const viewer = !$("#viewer").hidden;
          if (e.key === "Escape" && viewer) { closeViewer(); return; }
          if (e.key === "ArrowRight") { move(1, false); if (viewer) openViewer(current); }
          else if (e.key === "ArrowLeft") { move(-1, false); if (viewer) openViewer(current); }
          else if (e.key === "ArrowDown" && !viewer) move(1, true);
          else if (e.key === "ArrowUp" && !viewer) move(-1, true);
          else if (e.key === "Enter" && current != null && !viewer && e.target.tagName !== "BUTTON") openViewer(current);
          else if (e.key === "k" && current != null) decide(current, "keep");
          else if (e.key === "u" && current != null) decide(current, "unstage");
          else if (e.key === "t" && current != null) decide(current, "stage");
          else return;
          e.preventDefault();
        });

        for (const id of ["#kind", "#rule", "#sort"]) $(id).addEventListener("change", render);
        $("#commit").addEventListener("click", confirmCommit);
        $("#confirm-yes").addEventListener("click", commit);
        $("#confirm-no").addEventListener("click", () => $("#confirm").close());
        $("#viewer .close").addEventListener("click", closeViewer);
        $("#viewer").addEventListener("click", (e) => { if (e.target.id === "viewer" || e.target.classList.contains("stage")) closeViewer(); });
        load();
        """#
}
