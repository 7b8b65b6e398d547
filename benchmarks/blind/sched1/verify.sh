#!/usr/bin/env bash
# Checks every case in a fresh temp copy: broken fails with the message; fixed (expected/ copied over) exits 0,
# also with every DataLoader at batch_size=2. FAILED traps: broken fails with the message.
PY=${PY:-/work/main/.venv/bin/python}
HERE=$(cd "$(dirname "$0")" && pwd)
pass=0; fail=0
for c in "$HERE"/[0-9][0-9]_*/; do
  name=$(basename "$c")
  tmp=$(mktemp -d)
  cp -r "$c" "$tmp/case"
  cd "$tmp/case"
  mapfile -t RUN < <("$PY" -c 'import json;[print(a) for a in json.load(open("case.json"))["run"]]')
  status=$("$PY" -c 'import json;print(json.load(open("case.json"))["status"])')
  msg=$("$PY" -c 'import json;print(json.load(open("case.json"))["message"])')
  ok=1
  rm -rf expected_tmp; mv expected "$tmp/expected" 2>/dev/null
  out=$(nice timeout 60 "$PY" "${RUN[@]}" 2>&1); rc=$?
  last=$(printf '%s\n' "$out" | grep -v '^\s*$' | tail -n 1)
  if [ $rc -eq 0 ] || [ "$last" != "$msg" ]; then ok=0; echo "  [$name] broken: rc=$rc last='$last'"; fi
  if [ "$status" = "SUCCESS" ]; then
    cp -r "$tmp/expected/." .
    out=$(nice timeout 60 "$PY" "${RUN[@]}" 2>&1); rc=$?
    if [ $rc -ne 0 ]; then ok=0; echo "  [$name] fixed rc=$rc: $(printf '%s\n' "$out" | tail -n 1)"; fi
    out=$(nice timeout 120 "$PY" "$HERE/bs2_run.py" "${RUN[@]}" 2>&1); rc=$?
    if [ $rc -ne 0 ]; then ok=0; echo "  [$name] fixed bs=2 rc=$rc: $(printf '%s\n' "$out" | tail -n 1)"; fi
  fi
  cd "$HERE"; rm -rf "$tmp"
  if [ $ok -eq 1 ]; then echo "PASS $name ($status)"; pass=$((pass+1)); else echo "FAIL $name ($status)"; fail=$((fail+1)); fi
done
echo "passed $pass, failed $fail"
[ $fail -eq 0 ]
