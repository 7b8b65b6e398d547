#!/usr/bin/env bash
# Checks every case in a fresh temp copy:
#   broken program fails and its last output line equals case.json "message";
#   SUCCESS cases: with expected/ copied over, the program exits 0.
# Usage: PY=/path/to/python ./verify.sh [case_dir ...]
set -u
PY="${PY:-python}"
HERE="$(cd "$(dirname "$0")" && pwd)"
cd "$HERE"
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=($(ls -d [0-9][0-9]_*/ | tr -d /))
pass=0; fail=0
for c in "${cases[@]}"; do
  tmp="$(mktemp -d)"
  cp -r "$HERE/$c" "$tmp/case"
  rm -rf "$tmp/case/expected"
  status=$("$PY" -c "import json;print(json.load(open('$HERE/$c/case.json'))['status'])")
  msg=$("$PY" -c "import json;print(json.load(open('$HERE/$c/case.json'))['message'])")
  mapfile -t run < <("$PY" -c "import json;print('\n'.join(json.load(open('$HERE/$c/case.json'))['run']))")
  ok=1
  out=$(cd "$tmp/case" && PYTHONDONTWRITEBYTECODE=1 timeout 120 "$PY" "${run[@]}" 2>&1); rc=$?
  last=$(printf '%s\n' "$out" | sed '/^[[:space:]]*$/d' | tail -n 1)
  if [ $rc -eq 0 ]; then echo "[$c] broken run exited 0"; ok=0;
  elif [ "$last" != "$msg" ]; then echo "[$c] message mismatch:"; echo "   got:  $last"; echo "   want: $msg"; ok=0; fi
  if [ "$status" = "SUCCESS" ]; then
    cp -r "$HERE/$c/expected/." "$tmp/case/"
    out=$(cd "$tmp/case" && PYTHONDONTWRITEBYTECODE=1 timeout 120 "$PY" "${run[@]}" 2>&1); rc=$?
    if [ $rc -ne 0 ]; then echo "[$c] fixed run failed (rc=$rc):"; printf '%s\n' "$out" | tail -n 3; ok=0; fi
  fi
  rm -rf "$tmp"
  if [ $ok -eq 1 ]; then echo "PASS $c ($status)"; pass=$((pass+1)); else echo "FAIL $c ($status)"; fail=$((fail+1)); fi
done
echo "passed: $pass  failed: $fail"
[ $fail -eq 0 ]
