/// The review page's script. On the live page it renders the document the server sends, filters
/// and sorts, and sends decisions; on a static report (tiles already in the HTML, which shows
/// them without any script) it only adds the filters, the sort and the large view.
/// Every text from the index goes in through `textContent`, never as HTML.
enum ReviewPageScript {
    static let js = #"""
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
          const s = doc.staged, commit = $("#commit"), all = $("#stage-all");
          const proposed = doc.items.filter((i) => i.state === "proposed"), waiting = doc.items.filter(stageable);
          // It moves files into the trash (and 'cull undo' brings them back): it does not empty one.
          commit.textContent = s.count ? "Move " + plural(s.count, "staged file") + " to the trash (" + bytes(s.bytes) + ")" : "Nothing staged to move yet";
          commit.hidden = !doc.interactive; commit.disabled = s.count === 0;
          all.textContent = (doc.origin === "plan" ? "Stage all proposed (" : "Stage again (") + waiting.length + " \u00b7 " + bytes(waiting.reduce((a, i) => a + i.size, 0)) + ")";
          all.hidden = !doc.interactive || waiting.length === 0;
          $("#actions").classList.toggle("idle", commit.hidden && all.hidden);
          const parts = [doc.origin === "plan" ? "plan of the rules" : "what is staged now"];
          if (doc.planFingerprint) parts.push("plan fingerprint " + doc.planFingerprint);
          parts.push("staged set fingerprint " + doc.fingerprint);
          if (doc.origin === "plan") parts.push(plural(proposed.length, "file") + " proposed (" + bytes(proposed.reduce((a, i) => a + i.size, 0)) + ")");
          parts.push("staged: " + plural(s.count, "file") + " \u00b7 " + bytes(s.bytes));
          $("#summary").textContent = parts.join(" \u00b7 ");
        }

        function sortKey() {
          const sort = $("#sort").value;
          // By capture time, files without one last either way (a modification time is a copy time).
          if (sort === "newest") return (a, b) => (b.dated - a.dated) || (a.dated ? b.date - a.date : 0) || a.id - b.id;
          if (sort === "oldest") return (a, b) => (b.dated - a.dated) || (a.dated ? a.date - b.date : 0) || a.id - b.id;
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
            if (block.type === "section") { main.append(sectionBox(block)); grid = null; continue; }
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

        function sectionBox(block) {
          const box = el("section", "rule"); box.dataset.section = block.index;
          const h = el("h2"); h.append(el("span", "rule-name", block.section.rule));
          if (block.section.ruleFile) h.append(el("span", "file", block.section.ruleFile));
          h.append(el("span", "totals"));
          if (doc.interactive) {
            const all = el("button", "stage-section");
            all.onclick = async () => { const next = await post("/api/stage-section?section=" + block.index); if (next) applyDocument(next); };
            h.append(all);
          }
          box.append(h); fillSection(box); return box;
        }

        // A section's totals count what would leave (staged or proposed), never its keepers or what stays.
        function fillSection(box) {
          const index = +box.dataset.section, items = doc.items.filter((i) => i.section === index);
          const leaving = items.filter(going), waiting = items.filter(stageable);
          const totals = box.querySelector(":scope > h2 .totals");
          totals.textContent = (leaving.length ? plural(leaving.length, "file") + " to go \u00b7 " + bytes(leaving.reduce((a, i) => a + i.size, 0)) : "nothing to go")
            + (leaving.length < items.length ? " (" + (items.length - leaving.length) + " of " + items.length + " shown stay)" : "");
          const button = box.querySelector(":scope > h2 .stage-section");
          if (button) { button.hidden = waiting.length === 0; button.textContent = "Stage these " + waiting.length; }
        }

        function keeperOf(item) {
          if (item.group == null) return null;
          const info = doc.sections[item.section] && doc.sections[item.section].groups[item.group];
          return info && info.keeper != null && info.keeper !== item.id ? byId.get(info.keeper) : null;
        }

        function groupBox(block) {
          const box = el("div", "group"); const info = block.section.groups[block.g];
          box.setAttribute("role", "group");
          const keeper = info && info.keeper != null ? byId.get(info.keeper) : null;
          const why = el("p", "why"); why.append(el("strong", null, info ? info.title : "Group"));
          why.append(": keeps " + (keeper ? keeper.name : "one copy") + (info && info.decidedBy ? " (" + info.decidedBy + ")" : ""));
          box.setAttribute("aria-label", why.textContent);
          const grid = el("div", "grid"); for (const item of block.items) grid.append(tile(item)); box.append(why, grid); return box;
        }

        function tile(item) {
          const t = el("div", "tile " + item.state); t.tabIndex = 0; t.dataset.id = item.id;
          t.setAttribute("role", "group"); t.setAttribute("aria-label", tileLabel(item));
          const thumb = el("div", "thumb"); const img = el("img");
          img.loading = "lazy"; img.decoding = "async"; img.alt = item.name; img.src = item.thumb; retrying(img);
          thumb.append(img); thumb.onclick = () => { focusTile(item.id); openViewer(item.id); };
          const meta = el("div", "meta");
          const name = el("span", "name"); name.append(el("span", "base", item.name));
          if (item.folder) name.append(el("span", "dir", item.folder + "/"));
          name.title = (item.folder ? item.folder + "/" : "") + item.name; meta.append(name);
          const facts = el("span", "facts", bytes(item.size) + " \u00b7 " + day(item.date) + (item.duration ? " \u00b7 " + clock(item.duration) : ""));
          facts.title = item.dated ? "capture date" : "no capture date: the file's modification date";
          meta.append(facts);
          meta.append(reasonLine(item.broken ? "damaged: " + item.broken + "; " + item.reason : item.reason));
          t.append(thumb, meta, el("span", "badge", label(item)));
          if (item.keeper) { t.classList.add("keeper"); t.append(el("span", "keeper-mark", "keeper")); }
          if (doc.interactive) {
            const actions = el("div", "actions");
            for (const [action, text] of [["keep", "Keep"], ["unstage", "Unstage"], ["stage", "Stage"]]) {
              const b = el("button", "act-" + action, text); b.title = text + " (" + action[0] + ")";
              b.setAttribute("aria-label", text + " " + item.name);
              b.onclick = (e) => { e.stopPropagation(); focusTile(item.id); decide(item.id, action); };
              actions.append(b);
            }
            t.append(actions);
            enableActions(t, item.state);
          }
          t.onfocus = () => { current = item.id; };
          return t;
        }

        // Clamped to two lines; a tap or a click (or focus) shows the whole reason.
        function reasonLine(text) {
          const reason = el("p", "reason", text); reason.tabIndex = 0; reason.title = text;
          reason.onclick = (e) => { e.stopPropagation(); reason.classList.toggle("open"); };
          return reason;
        }

        // A thumbnail or preview still being decoded answers 503: ask again, a few times.
        function retrying(img) {
          let tries = 0;
          img.onerror = () => {
            if (STATIC || tries++ >= 5) return;
            const base = img.src.replace(/&retry=\d+$/, "");
            setTimeout(() => { img.src = base + "&retry=" + tries; }, 1500 * tries);
          };
        }

        // The button of what the tile already is does nothing: it is greyed out.
        function enableActions(host, state) {
          const keep = host.querySelector(".act-keep"), unstage = host.querySelector(".act-unstage"), stage = host.querySelector(".act-stage");
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

        // Moves the current tile; with the large view open only `current` moves (focus stays in the view).
        function move(delta, vertical) {
          const viewing = !$("#viewer").hidden;
          const tiles = [...document.querySelectorAll(".tile")].filter((t) => t.offsetParent !== null);
          if (!tiles.length) return;
          let index = tiles.findIndex((t) => +t.dataset.id === current);
          if (index < 0) { if (viewing) current = +tiles[0].dataset.id; else tiles[0].focus(); return; }
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
            if (!STATIC && index >= tiles.length - 2 && rendered < blocks.length) renderMore();
          }
          if (viewing) current = +tiles[index].dataset.id; else tiles[index].focus();
          tiles[index].scrollIntoView({ block: "nearest" });
        }

        // One picture of the large view, with what it is.
        function figure(item, role) {
          const box = el("figure"); box.dataset.id = item.id;
          const video = ["mp4", "mov", "m4v", "webm"].includes(item.ext), showsOriginal = doc.interactive && ["jpg", "jpeg", "png", "gif", "webp"].includes(item.ext);
          if (doc.interactive && video) {
            const v = el("video"); v.controls = true; v.preload = "metadata"; v.src = "/original/" + item.id + AUTH; box.append(v);
          } else {
            const decoded = doc.interactive && ["heic", "heif", "avif", "dng", "cr2", "cr3", "nef", "arw", "orf", "rw2", "raf",
            "tif", "tiff", "bmp", "psd", "psb", "jxl", "jp2", "j2k", "j2c", "jpf", "jpx"].includes(item.ext);
            const img = el("img"); img.alt = item.name;
            img.src = showsOriginal ? "/original/" + item.id + AUTH : decoded ? "/preview/" + item.id + AUTH : item.thumb; retrying(img);
            box.append(img);
          }
          box.append(el("figcaption", null, role + ": " + item.name + " \u00b7 " + label(item)));
          return box;
        }

        // The large view: the file, beside the keeper of its group when it has one, with the tile's
        // own words and buttons (a phone has no keys).
        function openViewer(id) {
          const item = byId.get(id); if (!item) return;
          const viewer = $("#viewer"), stage = $("#viewer .stage"), keeper = keeperOf(item);
          if (viewer.hidden) opener = document.activeElement;
          stage.replaceChildren(figure(item, keeper ? "this file" : "file"));
          if (keeper) stage.append(figure(keeper, "keeper"));
          $("#viewer .caption").textContent = (item.folder ? item.folder + "/" : "") + item.name + " \u00b7 " + bytes(item.size) + " \u00b7 "
            + label(item) + " \u00b7 " + item.reason;
          for (const b of viewer.querySelectorAll(".viewer-actions [class^=act-]")) b.hidden = !doc.interactive;
          enableActions(viewer, item.state);
          viewer.hidden = false; viewer.dataset.id = id; current = id;
          if (!viewer.contains(document.activeElement)) viewer.querySelector(".close").focus();
        }
        function closeViewer() {
          const v = $("#viewer"); v.hidden = true; v.querySelector(".stage").replaceChildren();
          if (current != null) focusTile(current); else if (opener) opener.focus();
        }

        // Tab stays inside an open dialog (the large view; <dialog> traps it itself).
        function trap(e, box) {
          const focusable = [...box.querySelectorAll("button, video, [tabindex]")].filter((b) => !b.disabled && !b.hidden && b.offsetParent !== null);
          if (!focusable.length) return;
          const first = focusable[0], last = focusable[focusable.length - 1];
          if (e.shiftKey && document.activeElement === first) { last.focus(); e.preventDefault(); }
          else if (!e.shiftKey && document.activeElement === last) { first.focus(); e.preventDefault(); }
          else if (!box.contains(document.activeElement)) { first.focus(); e.preventDefault(); }
        }

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

        // A static report: the tiles are in the HTML already; the script reads them back and adds
        // the filters, the sort and the large view (without JavaScript they simply all show).
        function adopt() {
          const sections = [...document.querySelectorAll("section.rule")].map((box) => ({ rule: box.querySelector(".rule-name").textContent, groups: [] }));
          const items = [...document.querySelectorAll(".tile")].map((t) => {
            const group = t.closest(".group");
            return { id: +t.dataset.id, name: t.querySelector(".base").textContent, folder: (t.querySelector(".dir") || { textContent: "" }).textContent.replace(/\/$/, ""),
              size: +t.dataset.size, date: +t.dataset.date, kind: t.dataset.kind, ext: t.dataset.ext, state: t.dataset.state,
              section: +t.closest("section.rule").dataset.section, reason: t.querySelector(".reason").textContent, thumb: t.querySelector(".thumb img").getAttribute("src"),
              keeper: t.classList.contains("keeper"), group: group ? +group.dataset.group : null };
          });
          for (const group of document.querySelectorAll(".group")) {
            const section = sections[+group.closest("section.rule").dataset.section];
            section.groups[+group.dataset.group] = { keeper: group.dataset.keeper ? +group.dataset.keeper : null };
          }
          doc = { interactive: false, origin: document.body.dataset.origin, sections, items }; byId = new Map(items.map((i) => [i.id, i]));
          fillFilters();
          for (const t of document.querySelectorAll(".tile")) {
            const id = +t.dataset.id;
            t.querySelector(".thumb").onclick = () => { focusTile(id); openViewer(id); };
            t.onfocus = () => { current = id; };
            const reason = t.querySelector(".reason"); reason.onclick = (e) => { e.stopPropagation(); reason.classList.toggle("open"); };
          }
          $("#controls").hidden = false;
          document.body.dataset.ready = "1";
        }

        // Static report: filters hide tiles (and groups and sections left empty); the sort reorders each grid.
        function filterStatic() {
          const kind = $("#kind").value, rule = $("#rule").value, compare = sortKey();
          for (const t of document.querySelectorAll(".tile")) t.hidden = !!kind && t.dataset.kind !== kind;
          for (const grid of document.querySelectorAll(".grid")) {
            const tiles = [...grid.children].sort((a, b) => (b.classList.contains("keeper") ? 1 : 0) - (a.classList.contains("keeper") ? 1 : 0)
              || compare(byId.get(+a.dataset.id), byId.get(+b.dataset.id)));
            grid.append(...tiles);
          }
          for (const group of document.querySelectorAll(".group")) group.hidden = !group.querySelector(".tile:not([hidden])");
          for (const box of document.querySelectorAll("section.rule")) {
            box.hidden = (rule !== "" && box.dataset.section !== rule) || !box.querySelector(".tile:not([hidden])");
          }
        }

        document.addEventListener("keydown", (e) => {
          const viewer = !$("#viewer").hidden;
          if (e.key === "Tab" && viewer) { trap(e, $("#viewer")); return; }
          if (e.target.tagName === "SELECT" || e.ctrlKey || e.metaKey || e.altKey) return;
          if ($("#confirm").open) return;
          if (e.key === "Escape" && viewer) { closeViewer(); return; }
          if (e.key === "ArrowRight") { move(1, false); if (viewer) openViewer(current); }
          else if (e.key === "ArrowLeft") { move(-1, false); if (viewer) openViewer(current); }
          else if (e.key === "ArrowDown" && !viewer) move(1, true);
          else if (e.key === "ArrowUp" && !viewer) move(-1, true);
          else if (e.key === "Enter" && current != null && !viewer && e.target.classList.contains("tile")) openViewer(current);
          else if (e.key === "k" && current != null) decide(current, "keep");
          else if (e.key === "u" && current != null) decide(current, "unstage");
          else if (e.key === "t" && current != null) decide(current, "stage");
          else return;
          e.preventDefault();
        });

        for (const id of ["#kind", "#rule", "#sort"]) $(id).addEventListener("change", () => STATIC ? filterStatic() : render());
        $("#commit").addEventListener("click", confirmCommit);
        $("#stage-all").addEventListener("click", stageAll);
        $("#confirm-yes").addEventListener("click", commit);
        $("#confirm-no").addEventListener("click", () => $("#confirm").close());
        $("#viewer .close").addEventListener("click", closeViewer);
        $("#viewer .prev").addEventListener("click", () => { move(-1, false); openViewer(current); });
        $("#viewer .next").addEventListener("click", () => { move(1, false); openViewer(current); });
        for (const action of ["keep", "unstage", "stage"]) {
          $("#viewer .act-" + action).addEventListener("click", async () => {
            if (current == null) return;
            await decide(current, action);
            // The button just used may be disabled now: the focus stays in the view.
            const viewer = $("#viewer"), button = viewer.querySelector(".act-" + action);
            const active = document.activeElement;
            if (!viewer.hidden && (!viewer.contains(active) || active.disabled)) (button.disabled ? viewer.querySelector(".close") : button).focus();
          });
        }
        $("#viewer").addEventListener("click", (e) => { if (e.target.id === "viewer" || e.target.classList.contains("stage")) closeViewer(); });
        load();
        """#
}
