#!/usr/bin/env bash
# Verify every case in a fresh temp copy.  PY=python path; JOBS=parallel cases (default 2).
#  SUCCESS : broken run exits non-zero and its last stderr line == case.json "message";
#            with expected/ copied over it exits 0, and again with every DataLoader at batch_size=2 (tools/bs2.py)
#  FAILED  : run exits non-zero with the message (no code fix exists; nothing is copied)
#  NO_ERROR: run exits 0, also at batch_size=2
PY=${PY:-/work/main/.venv/bin/python}
JOBS=${JOBS:-2}
ROOT=$(cd "$(dirname "$0")" && pwd)
export OMP_NUM_THREADS=1 PYTHONWARNINGS=ignore PY ROOT

check_case() {
  local c=$1 d="$ROOT/$1" T run status msg last
  run=$($PY -c "import json;print(' '.join(json.load(open('$d/case.json'))['run']))")
  status=$($PY -c "import json;print(json.load(open('$d/case.json'))['status'])")
  msg=$($PY -c "import json;print(json.load(open('$d/case.json'))['message'])")
  T=$(mktemp -d); cp -r "$d/." "$T/"; rm -rf "$T/expected"; cd "$T" || return 1
  if [ "$status" = NO_ERROR ]; then
    $PY $run >o.txt 2>e.txt || { echo "FAIL $c: exits non-zero: $(tail -1 e.txt)"; return 1; }
    $PY "$ROOT/tools/bs2.py" $run >o2.txt 2>e2.txt || { echo "FAIL $c: batch_size=2 run fails: $(tail -1 e2.txt)"; return 1; }
    echo "PASS $c (NO_ERROR)"; rm -rf "$T"; return 0
  fi
  $PY $run >b.txt 2>be.txt && { echo "FAIL $c: broken exits 0"; return 1; }
  last=$(grep -v '^\s*$' be.txt | tail -1)
  [ "$last" = "$msg" ] || { echo "FAIL $c: got '$last'"; return 1; }
  if [ "$status" = FAILED ]; then
    [ -d "$d/expected" ] && { echo "FAIL $c: FAILED case must not have expected/"; return 1; }
    echo "PASS $c (FAILED)"; rm -rf "$T"; return 0
  fi
  cp -r "$d/expected/." "$T/"
  $PY $run >f.txt 2>fe.txt || { echo "FAIL $c: fixed exits non-zero: $(tail -1 fe.txt)"; return 1; }
  $PY "$ROOT/tools/bs2.py" $run >f2.txt 2>fe2.txt || { echo "FAIL $c: fixed fails at batch_size=2: $(tail -1 fe2.txt)"; return 1; }
  echo "PASS $c (SUCCESS)"; rm -rf "$T"
}
export -f check_case

cases=$(cd "$ROOT" && ls -d [0-9][0-9]_*/ | tr -d /)
results=$(printf '%s\n' $cases | xargs -P "$JOBS" -I{} bash -c 'check_case {}')
echo "$results" | sort
n=$(echo "$results" | grep -c '^PASS'); t=$(echo "$cases" | wc -w)
echo "$n/$t cases verified"
[ "$n" = "$t" ]
