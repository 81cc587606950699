#!/bin/sh
# A screenshot of `explain --html` in a real browser (headless Chromium, Debian's
# `chromium` package), for docs/rules.md and for looking at the page by eye.
#   benches/scripts/rules-screenshot.sh FILE INDEX STEP OUT.png
# writes the page of puzzle INDEX of FILE, opens it at step STEP and saves OUT.png.
# Needs the release binary (cargo build --release) or SUDOKU_ARENA=path.
set -eu
file=$1
index=$2
step=$3
out=$4
bin=${SUDOKU_ARENA:-$(dirname "$0")/../../target/release/sudoku-arena}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" explain --index "$index" --html "$work/page.html" "$file" > /dev/null
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run \
  --user-data-dir="$work/profile" --window-size=1100,900 \
  --screenshot="$out" "file://$work/page.html#$step" 2> "$work/chromium.log" ||
  { cat "$work/chromium.log" >&2; exit 1; }
test -s "$out"
echo "wrote $out"
