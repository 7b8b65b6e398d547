#!/usr/bin/env bash
# Verify every case in a fresh temp copy.  PY=python path; JOBS=parallel cases (default 4).
# crash cases: broken run's last stderr line == message; fixed (expected/ copied over) exits 0, also with batch_size=2
# silent cases: broken run leaves the named params unchanged (tools/probe.py); fixed run changes them
# NO_ERROR traps: run exits 0, also with batch_size=2
PY=${PY:-/work/main/.venv/bin/python}
JOBS=${JOBS:-4}
ROOT=$(cd "$(dirname "$0")" && pwd)
export OMP_NUM_THREADS=1 PYTHONWARNINGS=ignore
declare -A SILENT=( [08_silent_adapter_numpy_clip]='AdaptedClassifier\.adapter\.' \
                    [09_silent_param_groups_accum]='AudioTagger\.classifier\.' \
                    [10_silent_zero_grad_ema]='HousingRegressor\..* opt$' )

check_case() {
  local c=$1 d T run status msg
  d="$ROOT/$c"
  run=$($PY -c "import json;print(' '.join(json.load(open('$d/case.json'))['run']))")
  status=$($PY -c "import json;print(json.load(open('$d/case.json'))['status'])")
  msg=$($PY -c "import json;print(json.load(open('$d/case.json'))['message'])")
  T=$(mktemp -d); cp -r "$d/." "$T/"; rm -rf "$T/expected"
  cd "$T" || return 1
  if [ "$status" = NO_ERROR ]; then
    $PY $run >out.txt 2>err.txt || { echo "FAIL $c: exits non-zero"; return 1; }
    $PY "$ROOT/tools/bs2.py" $run >/dev/null 2>err2.txt || { echo "FAIL $c: bs2 run fails"; return 1; }
    echo "PASS $c (NO_ERROR)"; return 0
  fi
  local pat=${SILENT[$c]}
  if [ -n "$pat" ]; then
    $PY "$ROOT/tools/probe.py" $run >b.txt 2>&1
    local n_b=$(grep '^PROBE ' b.txt | grep -E "$pat" | wc -l) n_bu=$(grep '^PROBE UNCHANGED' b.txt | grep -E "$pat" | wc -l)
    [ "$n_b" -gt 0 ] && [ "$n_b" = "$n_bu" ] || { echo "FAIL $c: broken does not show the symptom"; return 1; }
  else
    $PY $run >b.txt 2>be.txt && { echo "FAIL $c: broken exits 0"; return 1; }
    local last=$(grep -v '^\s*$' be.txt | tail -1)
    [ "$last" = "$msg" ] || { echo "FAIL $c: got '$last'"; return 1; }
  fi
  cp -r "$d/expected/." "$T/"
  if [ -n "$pat" ]; then
    $PY "$ROOT/tools/probe.py" $run >f.txt 2>&1
    local n_f=$(grep '^PROBE ' f.txt | grep -E "$pat" | wc -l) n_fc=$(grep '^PROBE CHANGED' f.txt | grep -E "$pat" | wc -l)
    grep -q '^PROBE rc 0' f.txt && [ "$n_f" -gt 0 ] && [ "$n_f" = "$n_fc" ] || { echo "FAIL $c: fixed does not train"; return 1; }
  else
    $PY $run >f.txt 2>fe.txt || { echo "FAIL $c: fixed exits non-zero"; tail -2 fe.txt; return 1; }
  fi
  $PY "$ROOT/tools/bs2.py" $run >/dev/null 2>f2.txt || { echo "FAIL $c: fixed fails at batch_size=2"; return 1; }
  echo "PASS $c ($status)"
}
export -f check_case; export PY ROOT

cases=$(cd "$ROOT" && ls -d [0-9][0-9]_*/ | tr -d /)
results=$(for c in $cases; do echo "$c"; done | xargs -P "$JOBS" -I{} bash -c "$(declare -p SILENT); check_case {}")
echo "$results" | sort
n=$(echo "$results" | grep -c '^PASS'); t=$(echo "$cases" | wc -w)
echo "$n/$t cases verified"
[ "$n" = "$t" ]
