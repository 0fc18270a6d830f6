#!/usr/bin/env bash
# The main job on the example library, without touching anything of yours: copies
# examples/library to a temporary folder, makes it a library, then does what cron would do
# with a rule file (scan, plan, stage, commit to a trash inside the temporary folder) and
# undoes it. Your own trash and photos are never involved.
set -euo pipefail
cd "$(dirname "$0")/.."
# What the build needs and is missing, from scripts/packages (apt-get as root, else the sudo line to run).
source scripts/setup build
# CULL may name an installed cull to run the demo with (CI runs it against the Debian package's /usr/bin/cull).
cull="${CULL:-}"
if [ -z "$cull" ]; then
    # The build's progress goes to stderr, so the demo's own output stays the same on every run.
    [ -x .build/release/cull ] || echo "Building Cull in release mode: the first time takes a few minutes (SwiftPM's progress below)." >&2
    swift build -c release --product cull >&2
    cull="$PWD/.build/release/cull"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/cull-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT
# With their modification times: the plan's fingerprint reads them, so it is the same every run.
cp -R --preserve=timestamps examples/library "$work/library"
# Keep the demo's trash away from yours.
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share"
mkdir -p "$XDG_DATA_HOME"

stock="${CULL_STOCK_RULES:-$PWD/rules}"
came_back="$PWD/examples/came-back"
catalog="$PWD/examples/catalogs/darktable/library.db"
report="${TMPDIR:-/tmp}/cull-demo-report"   # kept after the demo, to open in a browser
now=2026-11-29   # one pinned clock, so the demo prints the same plan every day

# Each command as it must be typed (shell-quoted), then its output, errors and summaries in order.
typed() {
    local word out=""
    for word in "$@"; do
        if [[ $word =~ ^[A-Za-z0-9_./=:@%+,-]+$ ]]; then out+=" $word"; else out+=" ${word@Q}"; fi
    done
    printf '%s' "${out# }"
}
step() {
    if [ -t 1 ]; then printf '\n\033[1m$ cull %s\033[0m\n' "$(typed "$@")"; else printf '\n$ cull %s\n' "$(typed "$@")"; fi
    "$cull" "$@" 2>&1
}
"$cull" init "$work/library"
cd "$work/library"
# A darktable user rated and rejected photos of Camera/2019 in darktable's own library, which knows
# the folder under another path: Cull reads those decisions (read-only) like the files' own.
step catalog add "$catalog" --map /home/user/Pictures/example="$work/library"
step scan
step find 'kind: video'
# A photographed boarding pass: its QR code is read (libzbar) because the query asks for one.
step find 'code: qr'
# A photo a chat app saved turned a quarter (Telegram/) is the same picture as the camera's: `similar` finds it turned back.
step find 'similar: true'
# The same photo turned the other way in a PNG export (Exports/): the same pixels, so the same picture.
step find 'duplicate: image'
step check "$stock"
step plan "$stock" --now "$now"
# The plan read the text of the old unrated photos (rules/documents.yaml): the receipt and the page are documents.
step find 'document: true'
step plan "$stock" --now "$now" --explain Camera/2019/DSC_0012.JPG
step run "$stock" --now "$now"
step trash --preview
rm -rf "$report"
step review --html "$report"
echo "(open $report/index.html in a browser: every tile shows without JavaScript)"
# Two photos the commit takes come back after it: a phone syncs one back (the same bytes, under another
# name) and a chat app saves the other again, smaller (examples/came-back): both are found as returned,
# and rules/returned.yaml would stage them again.
mkdir -p "$work/phone"
cp -p Camera/2019/DSC_0013.JPG "$work/phone/IMG_0013.JPG"
step commit --yes
sleep 1   # indexed after the second the commit started in
mkdir -p Phone/Sync Chat
cp "$work/phone/IMG_0013.JPG" Phone/Sync/
cp "$came_back/IMG-20261201-WA0001.jpg" Chat/
step scan
step find 'returned: true'
step undo
