#!/usr/bin/env bash
# Verifies every case of this corpus in a fresh temp copy:
#   broken program fails with exactly case.json "message" (SUCCESS and FAILED cases),
#   fixed program (expected/ copied over) exits 0          (SUCCESS cases),
#   fixed program with every DataLoader at batch_size=2 exits 0 (SUCCESS cases).
# Usage: PY=/path/to/python ./verify.sh [case_dir ...]
set -u
PY=${PY:-python}
ROOT=$(cd "$(dirname "$0")" && pwd)
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
TIMEOUT=${TIMEOUT:-180}
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=($(cd "$ROOT" && ls -d [0-9][0-9]_*/ | tr -d /))
fi
pass=0; fail=0
for c in "${cases[@]}"; do
  dir="$ROOT/$c"
  status=$("$PY" -c 'import json,sys;print(json.load(open(sys.argv[1]))["status"])' "$dir/case.json")
  message=$("$PY" -c 'import json,sys;print(json.load(open(sys.argv[1]))["message"])' "$dir/case.json")
  mapfile -t run < <("$PY" -c 'import json,sys;[print(a) for a in json.load(open(sys.argv[1]))["run"]]' "$dir/case.json")
  ok=1; notes=""
  tmp=$(mktemp -d)
  cp -r "$dir" "$tmp/case"; rm -rf "$tmp/case/expected"
  (cd "$tmp/case" && timeout "$TIMEOUT" nice "$PY" "${run[@]}" >"$tmp/broken.out" 2>&1); rc=$?
  last=$(grep -v '^\s*$' "$tmp/broken.out" | tail -1 | sed 's/^[[:space:]]*//')
  if [ $rc -eq 0 ]; then ok=0; notes="$notes broken-exited-0"; fi
  if [ "$last" != "$message" ]; then ok=0; notes="$notes message-mismatch[got: ${last:0:160}]"; fi
  rm -rf "$tmp"
  if [ "$status" = "SUCCESS" ]; then
    for mode in plain bs2; do
      tmp=$(mktemp -d)
      cp -r "$dir" "$tmp/case"; cp -r "$dir/expected/." "$tmp/case/"; rm -rf "$tmp/case/expected"
      if [ $mode = bs2 ]; then pp="$ROOT/tools/bs2"; else pp=""; fi
      (cd "$tmp/case" && PYTHONPATH="$pp" timeout "$TIMEOUT" nice "$PY" "${run[@]}" >"$tmp/fixed.out" 2>&1); rc=$?
      if [ $rc -ne 0 ]; then ok=0; notes="$notes fixed-$mode-rc=$rc[$(tail -1 "$tmp/fixed.out" | cut -c1-160)]"; fi
      if [ $mode = bs2 ] && ! grep -q '^\[bs2\] DataLoader batch_size forced to 2' "$tmp/fixed.out"; then ok=0; notes="$notes bs2-hook-not-loaded"; fi
      rm -rf "$tmp"
    done
  fi
  if [ $ok = 1 ]; then echo "PASS $c ($status)"; pass=$((pass+1)); else echo "FAIL $c ($status):$notes"; fail=$((fail+1)); fi
done
echo "verify: $pass passed, $fail failed"
[ $fail -eq 0 ]
