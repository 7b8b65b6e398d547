#!/usr/bin/env bash
# Checks every case in a fresh temp copy:
#   broken program fails and its stderr contains case.json "message";
#   SUCCESS cases: with expected/ copied over, the program exits 0.
# Usage: PY=/path/to/python ./verify.sh [case_dir ...]
set -u
PY=${PY:-python}
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=($(ls -d [0-9][0-9]_*/ | sed 's#/##'))
pass=0; fail=0
for c in "${cases[@]}"; do
  tmp=$(mktemp -d)
  cp -r "$HERE/$c" "$tmp/case"
  rm -rf "$tmp/case/expected"
  mapfile -t run < <("$PY" -c "import json,sys;[print(a) for a in json.load(open(sys.argv[1]))['run']]" "$HERE/$c/case.json")
  status=$("$PY" -c "import json,sys;print(json.load(open(sys.argv[1]))['status'])" "$HERE/$c/case.json")
  msg=$("$PY" -c "import json,sys;print(json.load(open(sys.argv[1]))['message'])" "$HERE/$c/case.json")
  (cd "$tmp/case" && timeout 300 "$PY" "${run[@]}" >"$tmp/out" 2>"$tmp/err"); rc=$?
  ok=1
  if [ $rc -eq 0 ]; then echo "FAIL $c: broken program exited 0"; ok=0
  elif ! grep -qF -- "$msg" "$tmp/err"; then echo "FAIL $c: message not found; got: $(tail -1 "$tmp/err")"; ok=0; fi
  if [ "$status" = "SUCCESS" ] && [ $ok -eq 1 ]; then
    rm -rf "$tmp/case"; cp -r "$HERE/$c" "$tmp/case"
    (cd "$tmp/case/expected" && find . -type f) | while read -r f; do cp "$tmp/case/expected/$f" "$tmp/case/$f"; done
    (cd "$tmp/case" && timeout 300 "$PY" "${run[@]}" >"$tmp/out2" 2>"$tmp/err2"); rc2=$?
    if [ $rc2 -ne 0 ]; then echo "FAIL $c: fixed program exited $rc2: $(tail -1 "$tmp/err2")"; ok=0; fi
  fi
  if [ $ok -eq 1 ]; then echo "ok   $c ($status)"; pass=$((pass+1)); else fail=$((fail+1)); fi
  rm -rf "$tmp"
done
echo "passed $pass, failed $fail"
[ $fail -eq 0 ]
