#!/usr/bin/env bash
# Verify every case of the realworld3 corpus:
#  - the broken project (case dir minus expected/ and case.json), run as case.json's "run" says,
#    exits non-zero and its output contains case.json's "message";
#  - status SUCCESS: the project with expected/ copied over exits 0 the same way (wall time shown);
#  - status FAILED (trap): there is no expected/ dir.
# Every run happens in a fresh temporary copy, so generated data/checkpoints never leak between runs.
# Usage: ./verify.sh [case_dir ...]     (env: PY=python to use, TMO=per-run timeout in s)
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
PY="${PY:-/work/blind-staging/venv-rw3/bin/python}"
TMO="${TMO:-300}"
cd "$HERE"
cases=("$@"); [ ${#cases[@]} -eq 0 ] && cases=($(ls -d [0-9][0-9]_*/ | sed 's#/##'))
pass=0; fail=0
for c in "${cases[@]}"; do
  c="${c%/}"
  status="$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["status"])' "$c/case.json")"
  message="$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["message"])' "$c/case.json")"
  mapfile -t runargs < <("$PY" -c 'import json,sys; [print(a) for a in json.load(open(sys.argv[1]))["run"]]' "$c/case.json")
  ok=1; why=""
  work="$(mktemp -d)"
  (cd "$c" && tar cf - --exclude=./expected --exclude=./case.json --exclude=__pycache__ .) | (cd "$work" && tar xf -)
  ( cd "$work" && nice timeout "$TMO" "$PY" "${runargs[@]}" ) > "$work/.broken.log" 2>&1; rc=$?
  [ $rc -eq 0 ] && { ok=0; why="$why; broken run exited 0"; }
  grep -qF -- "$message" "$work/.broken.log" || { ok=0; why="$why; message not in broken output"; }
  btail="$(tail -1 "$work/.broken.log" | cut -c1-160)"
  dur="-"
  if [ "$status" = "SUCCESS" ]; then
    if [ ! -d "$c/expected" ]; then ok=0; why="$why; no expected/"; else
      fixed="$(mktemp -d)"
      (cd "$c" && tar cf - --exclude=./expected --exclude=./case.json --exclude=__pycache__ .) | (cd "$fixed" && tar xf -)
      cp -a "$c/expected/." "$fixed/"
      start=$(date +%s)
      ( cd "$fixed" && nice timeout "$TMO" "$PY" "${runargs[@]}" ) > "$fixed/.fixed.log" 2>&1; frc=$?
      dur="$(( $(date +%s) - start ))s"
      [ $frc -ne 0 ] && { ok=0; why="$why; fixed run exit $frc: $(tail -1 "$fixed/.fixed.log" | cut -c1-160)"; }
      rm -rf "$fixed"
    fi
  elif [ "$status" = "FAILED" ]; then
    [ -d "$c/expected" ] && { ok=0; why="$why; trap has expected/"; }
  else
    ok=0; why="$why; unknown status $status"
  fi
  if [ $ok -eq 1 ]; then
    echo "PASS $c [$status] broken rc=$rc fixed=$dur :: $btail"; pass=$((pass+1))
  else
    echo "FAIL $c [$status]${why}"; echo "     broken rc=$rc tail: $btail"; fail=$((fail+1))
  fi
  rm -rf "$work"
done
echo "== $pass passed, $fail failed =="
[ $fail -eq 0 ]
