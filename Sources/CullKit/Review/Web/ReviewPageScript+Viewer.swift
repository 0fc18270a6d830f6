/// The review page's script (see ``ReviewPageScript``): moving between tiles and the large view.
extension ReviewPageScript {
    /// Moving the current tile by arrow keys, and the large view (a file beside its keeper, with its
    /// buttons), with Tab kept inside it.
    static let largeView = #"""
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
        """#
}
