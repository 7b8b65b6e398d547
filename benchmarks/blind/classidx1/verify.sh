#!/usr/bin/env bash
# Verify every case in a fresh temp copy.
#   SUCCESS : broken program fails with case.json "message" as the last stderr line;
#             with expected/ copied over it exits 0.
#   FAILED  : broken program fails with "message" (no fix is shipped).
#   NO_ERROR: program exits 0.
# Usage: PY=/path/to/python ./verify.sh [case_dir ...]
set -u
PY=${PY:-/work/main/.venv/bin/python}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=($(ls -d [0-9][0-9]_*/ | sed 's#/##'))
pass=0; fail=0
for c in "${cases[@]}"; do
  status=$("$PY" -c "import json;print(json.load(open('$c/case.json'))['status'])")
  msg=$("$PY" -c "import json;print(json.load(open('$c/case.json'))['message'])")
  mapfile -t run < <("$PY" -c "import json;[print(a) for a in json.load(open('$c/case.json'))['run']]")
  T=$(mktemp -d); cp -r "$c"/. "$T"/; rm -rf "$T/expected"
  ( cd "$T" && timeout 120 "$PY" "${run[@]}" >"$T/.out" 2>"$T/.err" ); rc=$?
  last=$(grep -v '^\s*$' "$T/.err" | tail -n 1)
  ok=1; why=""
  if [ "$status" = "NO_ERROR" ]; then
    [ $rc -eq 0 ] || { ok=0; why="exit $rc: $last"; }
  else
    if [ $rc -eq 0 ]; then ok=0; why="broken program exited 0";
    elif [ "$last" != "$msg" ]; then ok=0; why="got: $last"; fi
    if [ $ok -eq 1 ] && [ "$status" = "SUCCESS" ]; then
      F=$(mktemp -d); cp -r "$c"/. "$F"/; cp -r "$c"/expected/. "$F"/; rm -rf "$F/expected"
      ( cd "$F" && timeout 120 "$PY" "${run[@]}" >"$F/.out" 2>"$F/.err" ); frc=$?
      [ $frc -eq 0 ] || { ok=0; why="fixed exit $frc: $(tail -n 1 "$F/.err")"; }
      rm -rf "$F"
    fi
  fi
  rm -rf "$T"
  if [ $ok -eq 1 ]; then echo "PASS $c ($status)"; pass=$((pass+1)); else echo "FAIL $c ($status): $why"; fail=$((fail+1)); fi
done
echo "passed $pass / $((pass+fail))"
[ $fail -eq 0 ]
