/// The review page's style sheet: a contact sheet that follows the browser's light or dark mode.
enum ReviewPageStyle {
    static let css = """
        :root { --bg: #f6f6f4; --fg: #1d1d1f; --muted: #6e6e73; --card: #fff; --line: #d8d8dc; --accent: #0a64d6;
          --staged: #c62828; --kept: #2e7d32; --proposed: #b26a00; --focus: #0a64d6; color-scheme: light dark; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #161618; --fg: #ececef; --muted: #9a9aa1; --card: #232327; --line: #38383d; --accent: #5ea1ff;
            --staged: #ff6b6b; --kept: #6fcf73; --proposed: #ffb84d; --focus: #5ea1ff; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
        header { position: sticky; top: 0; z-index: 5; background: var(--bg); border-bottom: 1px solid var(--line);
          padding: 10px 16px; display: flex; flex-wrap: wrap; gap: 10px 16px; align-items: center; }
        header h1 { font-size: 17px; margin: 0; font-weight: 600; }
        header .sub { color: var(--muted); font-size: 12px; }
        .controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-left: auto; }
        .controls label { color: var(--muted); font-size: 12px; display: flex; gap: 4px; align-items: center; }
        select, button { font: inherit; color: inherit; background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px; }
        button { cursor: pointer; }
        button:hover { border-color: var(--accent); }
        button.primary { background: var(--staged); border-color: var(--staged); color: #fff; font-weight: 600; }
        button.primary:disabled { opacity: .5; cursor: default; }
        main { padding: 8px 16px 64px; }
        section.rule { margin: 18px 0; }
        section.rule > h2 { font-size: 15px; margin: 0 0 8px; display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
        section.rule > h2 .file, section.rule > h2 .totals { color: var(--muted); font-weight: 400; font-size: 12px; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(188px, 1fr)); gap: 10px; }
        .group { border: 1px dashed var(--line); border-radius: 10px; padding: 8px; margin: 0 0 12px; }
        .group > .why { color: var(--muted); font-size: 12px; margin: 0 0 6px; }
        .tile { position: relative; background: var(--card); border: 2px solid transparent; border-radius: 10px; overflow: hidden;
          outline: none; box-shadow: 0 1px 2px rgba(0,0,0,.12); }
        .tile:focus, .tile.current { border-color: var(--focus); }
        .thumb { aspect-ratio: 4 / 3; background: var(--line); display: flex; align-items: center; justify-content: center; overflow: hidden; cursor: zoom-in; }
        .thumb img { width: 100%; height: 100%; object-fit: contain; display: block; }
        .meta { padding: 6px 8px 4px; min-width: 0; }
        .name { font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; display: block; }
        .name .dir { color: var(--muted); font-weight: 400; }
        .keeper.new .badge { background: var(--kept); }
        .facts, .reason { color: var(--muted); font-size: 12px; display: block; }
        .reason { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .badge { position: absolute; top: 6px; left: 6px; font-size: 11px; font-weight: 700; padding: 1px 6px; border-radius: 4px; color: #fff;
          text-transform: uppercase; letter-spacing: .03em; }
        .staged .badge { background: var(--staged); } .kept .badge { background: var(--kept); }
        .proposed .badge { background: var(--proposed); } .new .badge { background: var(--muted); }
        .keeper-mark { position: absolute; top: 6px; right: 6px; font-size: 11px; font-weight: 700; padding: 1px 6px; border-radius: 4px;
          background: var(--kept); color: #fff; }
        .staged .thumb img { opacity: .72; }
        .actions { display: flex; gap: 4px; padding: 0 8px 8px; }
        .actions button:disabled { opacity: .45; cursor: default; border-color: var(--line); }
        .actions button { flex: 1 1 auto; min-width: 0; padding: 2px 4px; font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        section.rule > h2 button { font-size: 12px; font-weight: 400; padding: 2px 8px; }
        .more { text-align: center; color: var(--muted); padding: 16px; }
        #viewer { position: fixed; inset: 0; background: rgba(0,0,0,.88); z-index: 20; display: flex; flex-direction: column;
          align-items: center; justify-content: center; color: #fff; }
        #viewer[hidden] { display: none; }
        #viewer .stage { flex: 1; display: flex; align-items: center; justify-content: center; width: 100%; min-height: 0; padding: 16px; }
        #viewer img, #viewer video { max-width: 100%; max-height: 100%; }
        #viewer .caption { padding: 8px 16px 16px; text-align: center; }
        #viewer .close { position: absolute; top: 10px; right: 14px; background: transparent; color: #fff; border-color: #888; }
        dialog { border: 1px solid var(--line); border-radius: 12px; background: var(--card); color: var(--fg); max-width: 520px; }
        dialog::backdrop { background: rgba(0,0,0,.5); }
        #receipt { margin: 12px 0; padding: 10px 12px; border: 1px solid var(--kept); border-radius: 8px; background: var(--card); }
        #receipt[hidden], #notice[hidden] { display: none; }
        #notice { position: fixed; bottom: 14px; left: 50%; transform: translateX(-50%); background: var(--fg); color: var(--bg);
          padding: 6px 12px; border-radius: 6px; z-index: 30; }
        .empty { color: var(--muted); padding: 32px 0; text-align: center; }
        .keys { color: var(--muted); font-size: 12px; }
        @media (max-width: 520px) {
          header { padding: 8px 10px; } main { padding: 6px 10px 48px; }
          .grid { grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; }
          .controls { margin-left: 0; } .keys { display: none; }
          .actions button { font-size: 11px; }
        }
        """
}
