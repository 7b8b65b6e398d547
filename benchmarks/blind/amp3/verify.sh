#!/usr/bin/env bash
# Verify every case of the amp3 corpus.
#  - the broken project (case dir without expected/ and case.json), run as case.json's "run" says,
#    must exit non-zero and its output must contain case.json's "message";
#  - status SUCCESS: the project with expected/ copied over must exit 0 the same way (wall time shown);
#  - status FAILED (trap): there must be no expected/ dir.
# Each run happens in a fresh temporary copy (no checkpoints / __pycache__ leak between runs).
# Usage: ./verify.sh [case_dir ...]      env: PY=python to use, TMO=per-run timeout in seconds
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
PY="${PY:-/work/main/.venv/bin/python}"
TMO="${TMO:-300}"
cd "$HERE"
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=($(ls -d [0-9][0-9]_*/ | sed 's#/$##'))
jget() { "$PY" -c 'import json,sys; v=json.load(open(sys.argv[1]))[sys.argv[2]]; print("\n".join(v) if isinstance(v,list) else v)' "$1" "$2"; }
copy_project() {  # $1 case dir, $2 destination
  (cd "$1" && tar cf - --exclude=./expected --exclude=./case.json --exclude='__pycache__' .) | (cd "$2" && tar xf -)
}
pass=0; fail=0
for c in "${cases[@]}"; do
  c="${c%/}"; ok=1; why=""
  status="$(jget "$c/case.json" status)"
  message="$(jget "$c/case.json" message)"
  mapfile -t runargs < <(jget "$c/case.json" run)
  work="$(mktemp -d)"; copy_project "$c" "$work"
  ( cd "$work" && nice timeout "$TMO" "$PY" "${runargs[@]}" ) > "$work/.broken.log" 2>&1; rc=$?
  [ $rc -eq 0 ] && { ok=0; why="$why; broken run exited 0"; }
  grep -qF -- "$message" "$work/.broken.log" || { ok=0; why="$why; message not found in broken output"; }
  last="$(grep -v '^[[:space:]]' "$work/.broken.log" | tail -1 | cut -c1-150)"
  dur="-"
  if [ "$status" = "SUCCESS" ]; then
    if [ ! -d "$c/expected" ]; then ok=0; why="$why; no expected/"; else
      fixed="$(mktemp -d)"; copy_project "$c" "$fixed"; cp -a "$c/expected/." "$fixed/"
      t0=$(date +%s)
      ( cd "$fixed" && nice timeout "$TMO" "$PY" "${runargs[@]}" ) > "$fixed/.fixed.log" 2>&1; frc=$?
      dur="$(( $(date +%s) - t0 ))s"
      [ $frc -ne 0 ] && { ok=0; why="$why; fixed run exit $frc: $(tail -1 "$fixed/.fixed.log" | cut -c1-150)"; }
      rm -rf "$fixed"
    fi
  elif [ "$status" = "FAILED" ]; then
    [ -d "$c/expected" ] && { ok=0; why="$why; trap has an expected/ dir"; }
  else
    ok=0; why="$why; unknown status '$status'"
  fi
  if [ $ok -eq 1 ]; then
    echo "PASS $c [$status] broken rc=$rc, fixed=$dur :: $last"; pass=$((pass+1))
  else
    echo "FAIL $c [$status]$why"; echo "     broken rc=$rc :: $last"; fail=$((fail+1))
  fi
  rm -rf "$work"
done
echo "== $pass passed, $fail failed =="
[ $fail -eq 0 ]
