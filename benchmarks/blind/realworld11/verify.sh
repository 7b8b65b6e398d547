#!/usr/bin/env bash
# Verifies every case in a fresh temp copy:
#   broken program exits non-zero and the last stderr line equals case.json "message";
#   SUCCESS: with expected/ copied over it exits 0, also with every DataLoader forced to batch_size=2.
# Usage: PY=/path/to/python ./verify.sh [case ...]
set -u
PY=${PY:-python}
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=($(ls -d [0-9][0-9]_*/ | tr -d /))
pass=0; fail=0
for c in "${cases[@]}"; do
  tmp=$(mktemp -d)
  cp -r "$HERE/$c" "$tmp/case"
  rm -rf "$tmp/case/expected"
  run=$("$PY" -c "import json,shlex;print(' '.join(shlex.quote(a) for a in json.load(open('$HERE/$c/case.json'))['run']))")
  status=$("$PY" -c "import json;print(json.load(open('$HERE/$c/case.json'))['status'])")
  ok=1; why=""
  (cd "$tmp/case" && eval timeout 120 nice "$PY" $run) >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -eq 0 ]; then ok=0; why="broken program exited 0"; else
    "$PY" - "$HERE/$c/case.json" "$tmp/err" <<'PYEOF' || { ok=0; why="message mismatch"; }
import json, sys
msg = json.load(open(sys.argv[1]))["message"]
lines = [l for l in open(sys.argv[2]).read().split("\n") if l.strip()]
last = lines[-1] if lines else ""
if last != msg:
    print("   expected:", repr(msg)); print("   got:     ", repr(last)); sys.exit(1)
PYEOF
  fi
  if [ $ok -eq 1 ] && [ "$status" = "SUCCESS" ]; then
    rm -rf "$tmp/fixed"; cp -r "$HERE/$c" "$tmp/fixed"; rm -rf "$tmp/fixed/expected"
    cp -r "$HERE/$c/expected/." "$tmp/fixed/"
    (cd "$tmp/fixed" && eval timeout 120 nice "$PY" $run) >"$tmp/fout" 2>"$tmp/ferr" || { ok=0; why="fixed program failed: $(tail -1 "$tmp/ferr")"; }
    if [ $ok -eq 1 ]; then
      rm -rf "$tmp/fixed2"; cp -r "$HERE/$c" "$tmp/fixed2"; rm -rf "$tmp/fixed2/expected"
      cp -r "$HERE/$c/expected/." "$tmp/fixed2/"
      (cd "$tmp/fixed2" && PYTHONPATH="$HERE/tools/bs2${PYTHONPATH:+:$PYTHONPATH}" eval timeout 300 nice "$PY" $run) >"$tmp/f2out" 2>"$tmp/f2err" || { ok=0; why="fixed program failed at batch_size=2: $(tail -1 "$tmp/f2err")"; }
    fi
  fi
  if [ $ok -eq 1 ]; then echo "PASS $c ($status)"; pass=$((pass+1)); else echo "FAIL $c ($status): $why"; fail=$((fail+1)); fi
  rm -rf "$tmp"
done
echo "passed $pass, failed $fail"
[ $fail -eq 0 ]
