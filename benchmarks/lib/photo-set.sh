# Sourced by benchmarks/blur and benchmarks/text: the photographs their labelled sets are made from (Debian's
# wallpaper packages and scikit-image's bundled data, benchmarks/lib/blur_set.py) and a python that makes them.
# Sets PYTHON (kept when given: a python with numpy, scipy, pillow and scikit-image).
photo_set_setup() {
    local packages=(mate-backgrounds plasma-workspace-wallpapers lomiri-wallpapers-16.04 lomiri-wallpapers-20.04 sqlite3) missing=() p
    for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
    if [[ ${#missing[@]} -gt 0 ]]; then
        apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    fi
    if [[ -z "${PYTHON:-}" ]]; then
        [[ -x benchmarks/out/venv-blur/bin/python ]] || { python3 -m venv benchmarks/out/venv-blur && benchmarks/out/venv-blur/bin/pip install -q numpy scipy pillow scikit-image; }
        PYTHON=benchmarks/out/venv-blur/bin/python
    fi
}
