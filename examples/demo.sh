#!/usr/bin/env bash
# The main job on the example library, without touching anything of yours: copies
# examples/library to a temporary folder, makes it a library, then does what cron would do
# with a rule file (scan, plan, stage, commit to a trash inside the temporary folder) and
# undoes it. Your own trash and photos are never involved.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
swift build -c release --product cull >/dev/null
cull="$PWD/.build/release/cull"

work=$(mktemp -d "${TMPDIR:-/tmp}/cull-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -R examples/library "$work/library"
# Keep the demo's trash away from yours.
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share"
mkdir -p "$XDG_DATA_HOME"

rules="$PWD/examples/rules/monthly-phone-cleanup.yaml"
stock="$PWD/rules"
now=2026-11-29   # one pinned clock, so the demo prints the same plan every day

step() {
    if [ -t 1 ]; then printf '\n\033[1m$ cull %s\033[0m\n' "$*"; else printf '\n$ cull %s\n' "$*"; fi
    "$cull" "$@"
}
"$cull" init "$work/library"
cd "$work/library"
step scan
step find 'kind: video'
step check "$stock"
step plan "$stock" --now "$now" || echo "(exit $?: the stock rules' circuit breakers trip on a library this small; nothing was staged)"
step plan "$rules" --now "$now"
step plan "$rules" --now "$now" --explain Camera/2019/DSC_0011.JPG
step run "$rules" --now "$now"
step trash
step commit --yes
step undo
