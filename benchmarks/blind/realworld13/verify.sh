#!/usr/bin/env bash
# Checks every case in a fresh temp copy: the broken program fails with the
# recorded message; for SUCCESS cases the project with expected/ copied over exits 0.
# Usage: PY=/path/to/python ./verify.sh [case_dir ...]
set -u
PY=${PY:-python}
ROOT=$(cd "$(dirname "$0")" && pwd)
cd "$ROOT"
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then cases=($(ls -d [0-9][0-9]_*/ | sed 's#/##')); fi
pass=0; fail=0
for c in "${cases[@]}"; do
  field() { "$PY" -c "import json,sys; d=json.load(open('$ROOT/$c/case.json')); v=d[sys.argv[1]]; print(' '.join(v) if isinstance(v,list) else v)" "$1"; }
  status=$(field status); message=$(field message); run=$(field run)
  tmp=$(mktemp -d)
  cp -r "$ROOT/$c/." "$tmp/"; rm -rf "$tmp/expected"
  out=$(cd "$tmp" && timeout 120 nice "$PY" $run 2>&1); rc=$?
  last=$(printf '%s\n' "$out" | sed '/^[[:space:]]*$/d' | tail -n 1)
  ok=1
  if [ $rc -eq 0 ]; then echo "[$c] broken run exited 0 (expected failure)"; ok=0
  elif [ "$last" != "$message" ]; then echo "[$c] broken message mismatch:"; echo "   got:      $last"; echo "   expected: $message"; ok=0; fi
  if [ "$status" = "SUCCESS" ]; then
    tmp2=$(mktemp -d)
    cp -r "$ROOT/$c/." "$tmp2/"; rm -rf "$tmp2/expected"; cp -r "$ROOT/$c/expected/." "$tmp2/"
    out2=$(cd "$tmp2" && timeout 120 nice "$PY" $run 2>&1); rc2=$?
    if [ $rc2 -ne 0 ]; then echo "[$c] fixed run failed (rc=$rc2): $(printf '%s\n' "$out2" | tail -n 1)"; ok=0; fi
    rm -rf "$tmp2"
  fi
  rm -rf "$tmp"
  if [ $ok -eq 1 ]; then echo "[$c] OK ($status)"; pass=$((pass+1)); else fail=$((fail+1)); fi
done
echo "passed: $pass  failed: $fail"
[ $fail -eq 0 ]
