#!/usr/bin/env bash
# Verify every case: broken project fails with case.json's message; broken + expected/ runs to exit 0.
# Usage: ./verify.sh [case_dir ...]   (default: all NN_* dirs)
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
PY="${PYTHON:-/work/blind-staging/venv-rw2/bin/python}"
TIMEOUT="${TIMEOUT:-180}"
cd "$HERE"
cases=("$@"); [ ${#cases[@]} -eq 0 ] && cases=($(ls -d [0-9][0-9]_*/ | sed 's#/##'))
pass=0; fail=0
for c in "${cases[@]}"; do
  c="${c%/}"
  read -r status message < <("$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["status"], d["message"])' "$c/case.json")
  mapfile -t runargs < <("$PY" -c 'import json,sys; [print(a) for a in json.load(open(sys.argv[1]))["run"]]' "$c/case.json")
  work="$(mktemp -d)"
  cp -a "$c/." "$work/"; rm -rf "$work/expected" "$work/case.json"
  ( cd "$work" && nice timeout "$TIMEOUT" "$PY" "${runargs[@]}" ) > "$work/.broken.log" 2>&1; rc=$?
  ok=1; why=""
  if [ $rc -eq 0 ]; then ok=0; why="broken run exited 0"; fi
  if ! grep -qF -- "$message" "$work/.broken.log"; then ok=0; why="$why; message not found in broken output"; fi
  if [ "$status" = "SUCCESS" ]; then
    if [ ! -d "$c/expected" ]; then ok=0; why="$why; no expected/"; else
      fixed="$(mktemp -d)"
      cp -a "$c/." "$fixed/"; rm -rf "$fixed/expected" "$fixed/case.json"
      cp -a "$c/expected/." "$fixed/"
      start=$(date +%s)
      ( cd "$fixed" && nice timeout "$TIMEOUT" "$PY" "${runargs[@]}" ) > "$fixed/.fixed.log" 2>&1; frc=$?
      dur=$(( $(date +%s) - start ))
      if [ $frc -ne 0 ]; then ok=0; why="$why; fixed run exit $frc: $(tail -1 "$fixed/.fixed.log")"; fi
      rm -rf "$fixed"
    fi
  else
    [ -d "$c/expected" ] && { ok=0; why="$why; trap has expected/"; }
    dur="-"
  fi
  if [ $ok -eq 1 ]; then
    echo "PASS $c [$status] broken rc=$rc fixed_time=${dur}s :: $message"; pass=$((pass+1))
  else
    echo "FAIL $c [$status] $why"; echo "  broken tail: $(tail -2 "$work/.broken.log" | tr '\n' ' ')"; fail=$((fail+1))
  fi
  rm -rf "$work"
done
echo "== $pass passed, $fail failed =="
[ $fail -eq 0 ]
