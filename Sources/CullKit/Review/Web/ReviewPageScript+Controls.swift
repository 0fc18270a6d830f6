/// The review page's script (see ``ReviewPageScript``): the static report and the wiring of keys and controls.
extension ReviewPageScript {
    /// A static report read back from its HTML: its filters and sort work on the tiles already there.
    static let staticReport = #"""
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
        """#

    /// The keyboard, the filters, sort and buttons wired to what they do, and the first load.
    static let controls = #"""
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
