#!/usr/bin/env bash
# Checks every case: the broken project fails with the recorded message; for SUCCESS cases the
# project with expected/ copied over exits 0. Each run happens in a fresh temp copy.
PY=${PY:-/work/blind-staging/venv-rw3/bin/python}
ROOT=$(cd "$(dirname "$0")" && pwd)
pass=0; fail=0
for case in "$ROOT"/[0-9][0-9]_*/; do
  name=$(basename "$case")
  read -r status msg < <("$PY" - "$case/case.json" <<'PYEOF'
import json, sys
c = json.load(open(sys.argv[1]))
print(c["status"], c["message"].splitlines()[-1])
PYEOF
)
  mapfile -t runargs < <("$PY" -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))["run"]))' "$case/case.json")
  tmp=$(mktemp -d)
  mkdir -p "$tmp/broken" && cp -r "$case". "$tmp/broken/" && rm -rf "$tmp/broken/expected" "$tmp/broken/case.json"
  (cd "$tmp/broken" && timeout 300 nice "$PY" "${runargs[@]}" >"$tmp/broken.log" 2>&1); brc=$?
  ok=1
  if [ $brc -eq 0 ]; then echo "[$name] FAIL: broken run exited 0"; ok=0
  elif ! grep -qF -- "$msg" "$tmp/broken.log"; then
    echo "[$name] FAIL: broken run (rc=$brc) lacks message: $msg"; tail -3 "$tmp/broken.log"; ok=0
  fi
  if [ "$status" = "SUCCESS" ]; then
    mkdir -p "$tmp/fixed" && cp -r "$case". "$tmp/fixed/" && rm -rf "$tmp/fixed/expected" "$tmp/fixed/case.json"
    cp -r "$case/expected/." "$tmp/fixed/"
    start=$(date +%s)
    (cd "$tmp/fixed" && timeout 300 nice "$PY" "${runargs[@]}" >"$tmp/fixed.log" 2>&1); frc=$?
    dur=$(( $(date +%s) - start ))
    if [ $frc -ne 0 ]; then echo "[$name] FAIL: fixed run rc=$frc"; tail -3 "$tmp/fixed.log"; ok=0; fi
  else
    [ -d "$case/expected" ] && { echo "[$name] FAIL: trap has expected/"; ok=0; }
    dur=-
  fi
  if [ $ok -eq 1 ]; then pass=$((pass+1)); echo "[$name] OK ($status; broken rc=$brc; fixed run ${dur}s)"; else fail=$((fail+1)); fi
  rm -rf "$tmp"
done
echo "passed: $pass  failed: $fail"
[ $fail -eq 0 ]
