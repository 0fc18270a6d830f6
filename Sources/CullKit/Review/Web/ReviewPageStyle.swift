/// The review page's style sheet: a contact sheet that follows the browser's light or dark mode.
/// Text on every badge and button is at least 4.5:1 against its background in both modes (the
/// browser tests measure it); on a phone every control is at least 44 pixels high and the header
/// scrolls away, leaving one slim bar with the main actions.
enum ReviewPageStyle {
    static let css = """
        :root { --bg: #f6f6f4; --fg: #1d1d1f; --muted: #6e6e73; --card: #fff; --line: #d8d8dc; --accent: #0a64d6;
          --staged: #c62828; --kept: #2e7d32; --proposed: #9a5b00; --focus: #0a64d6; --on-badge: #fff; color-scheme: light dark; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #161618; --fg: #ececef; --muted: #9a9aa1; --card: #232327; --line: #38383d; --accent: #5ea1ff;
            --staged: #ff6b6b; --kept: #6fcf73; --proposed: #ffb84d; --focus: #5ea1ff; --on-badge: #111; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
        header { position: sticky; top: 0; z-index: 5; background: var(--bg); border-bottom: 1px solid var(--line);
          padding: 10px 16px; display: flex; flex-wrap: wrap; gap: 10px 16px; align-items: center; }
        header h1 { font-size: 17px; margin: 0; font-weight: 600; }
        header .sub { color: var(--muted); font-size: 12px; }
        .controls, .actions-bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
        .controls { margin-left: auto; }
        .controls label { color: var(--muted); font-size: 12px; display: flex; gap: 4px; align-items: center; }
        select, button { font: inherit; color: inherit; background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px; }
        button { cursor: pointer; }
        button:hover { border-color: var(--accent); }
        button:focus-visible, select:focus-visible, .reason:focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
        button.primary { background: var(--staged); border-color: var(--staged); color: var(--on-badge); font-weight: 600; }
        button.primary:disabled { opacity: .5; cursor: default; }
        [hidden] { display: none !important; }
        main { padding: 8px 16px 64px; }
        section.rule { margin: 18px 0; }
        section.rule > h2 { font-size: 15px; margin: 0 0 8px; display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
        section.rule > h2 .file, section.rule > h2 .totals { color: var(--muted); font-weight: 400; font-size: 12px; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(188px, 1fr)); gap: 10px; }
        .group { border: 1px dashed var(--line); border-radius: 10px; padding: 8px; margin: 0 0 12px; }
        .group > .why { color: var(--muted); font-size: 12px; margin: 0 0 6px; }
        .group > .why strong { color: var(--fg); }
        .tile { position: relative; background: var(--card); border: 2px solid transparent; border-radius: 10px; overflow: hidden;
          outline: none; box-shadow: 0 1px 2px rgba(0,0,0,.12); }
        .tile:focus, .tile.current { border-color: var(--focus); }
        .thumb { aspect-ratio: 4 / 3; background: var(--line); display: flex; align-items: center; justify-content: center; overflow: hidden; cursor: zoom-in; }
        .thumb img { width: 100%; height: 100%; object-fit: contain; display: block; }
        .meta { padding: 6px 8px 4px; min-width: 0; }
        .name { display: block; min-width: 0; }
        .name .base { display: block; font-weight: 600; overflow-wrap: anywhere; }
        .name .dir { display: block; color: var(--muted); font-size: 12px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .keeper.new .badge { background: var(--kept); }
        .facts, .reason { color: var(--muted); font-size: 12px; display: block; }
        .reason { overflow-wrap: anywhere; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; cursor: pointer; margin: 0; }
        .reason:focus, .reason.open { display: block; -webkit-line-clamp: unset; overflow: visible; }
        .badge { position: absolute; top: 6px; left: 6px; font-size: 12px; font-weight: 700; padding: 1px 6px; border-radius: 4px; color: var(--on-badge);
          text-transform: uppercase; letter-spacing: .03em; }
        .staged .badge { background: var(--staged); } .kept .badge { background: var(--kept); }
        .proposed .badge { background: var(--proposed); } .new .badge { background: var(--muted); }
        .keeper-mark { position: absolute; top: 6px; right: 6px; font-size: 12px; font-weight: 700; padding: 1px 6px; border-radius: 4px;
          background: var(--kept); color: var(--on-badge); }
        .staged .thumb img { opacity: .72; }
        .actions { display: flex; gap: 4px; padding: 0 8px 8px; }
        .actions button:disabled { opacity: .45; cursor: default; border-color: var(--line); }
        .actions button { flex: 1 1 auto; min-width: 0; padding: 2px 4px; font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        section.rule > h2 button { font-size: 12px; font-weight: 400; padding: 2px 8px; }
        .more { text-align: center; color: var(--muted); padding: 16px; }
        #viewer { position: fixed; inset: 0; background: rgba(0,0,0,.9); z-index: 20; display: flex; flex-direction: column;
          align-items: center; justify-content: center; color: #fff; }
        #viewer .stage { flex: 1; display: flex; gap: 12px; align-items: center; justify-content: center; width: 100%; min-height: 0; padding: 16px; }
        #viewer figure { margin: 0; flex: 1 1 0; min-width: 0; height: 100%; display: flex; flex-direction: column; align-items: center; justify-content: center; }
        #viewer figcaption { padding-top: 6px; font-size: 13px; text-align: center; overflow-wrap: anywhere; max-width: 100%; }
        #viewer img, #viewer video { max-width: 100%; max-height: calc(100% - 28px); min-height: 0; object-fit: contain; }
        #viewer .caption { padding: 4px 16px; text-align: center; max-width: 100%; overflow-wrap: anywhere; }
        #viewer .viewer-actions { display: flex; flex-wrap: wrap; gap: 8px; justify-content: center; padding: 6px 16px 16px; }
        #viewer button { background: #2a2a2e; color: #fff; border-color: #777; }
        #viewer button:disabled { opacity: .45; }
        dialog { border: 1px solid var(--line); border-radius: 12px; background: var(--card); color: var(--fg); max-width: 520px; }
        dialog::backdrop { background: rgba(0,0,0,.5); }
        #receipt { margin: 12px 0; padding: 10px 12px; border: 1px solid var(--kept); border-radius: 8px; background: var(--card); }
        #notice { position: fixed; bottom: 14px; left: 50%; transform: translateX(-50%); background: var(--fg); color: var(--bg);
          padding: 8px 12px; border-radius: 6px; z-index: 30; width: max-content; max-width: min(640px, calc(100% - 28px)); }
        #notice.gone { bottom: auto; top: 14px; }
        #notice code { font-family: ui-monospace, monospace; }
        .empty { color: var(--muted); padding: 32px 0; text-align: center; }
        .keys { color: var(--muted); font-size: 12px; }
        .static-note { color: var(--muted); font-size: 12px; }
        @media (max-width: 520px) {
          header { position: static; padding: 8px 10px; gap: 6px 10px; } main { padding: 6px 10px 72px; }
          .grid { grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; }
          .controls { margin-left: 0; } .keys { display: none; }
          select, button { min-height: 44px; }
          .controls label { font-size: 13px; }
          .actions button { font-size: 12px; padding: 0 2px; }
          .actions-bar { position: fixed; left: 0; right: 0; bottom: 0; z-index: 6; padding: 6px 10px; background: var(--bg);
            border-top: 1px solid var(--line); flex-wrap: nowrap; }
          .actions-bar button { flex: 1 1 0; min-width: 0; font-size: 13px; line-height: 1.2; }
          .actions-bar:empty, .actions-bar.idle { display: none; }
          #notice { bottom: 72px; }
          #viewer .stage { flex-direction: column; padding: 8px; }
          #viewer figure { height: auto; min-height: 0; width: 100%; }
        }
        """
}
