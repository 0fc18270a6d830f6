/// The review page's script (see ``ReviewPageScript``): the document drawn as sections, groups and tiles.
extension ReviewPageScript {
    /// The filters, the header's counts and buttons, the sections, groups and tiles rendered a page
    /// at a time as the end comes into view, and the small pieces of a tile (its reason, a retried
    /// thumbnail, its buttons).
    static let tiles = #"""
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
        """#
}
