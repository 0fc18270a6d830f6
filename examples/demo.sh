#!/usr/bin/env bash
# The main job on the example library, without touching anything of yours:
# copies examples/library to a temporary folder, makes it a library, scans it and
# shows what the stock rules would do (a dry run: nothing is moved or deleted).
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

"$cull" init "$work/library"
cd "$work/library"
echo "\$ cull scan"
"$cull" scan
