#!/usr/bin/env bash
# Verify every case of the corpus (or only the case directories given as arguments):
# the broken run exits 0 and shows the stated symptom, the project with expected/ copied over
# exits 0 and its loss falls; traps exit 0 and train.
cd "$(dirname "$0")"
PY=${PY:-/work/main/.venv/bin/python}
export PY
if [ $# -gt 0 ]; then cases=("$@"); else cases=([0-9][0-9]_*/); fi
pass=0; fail=0
for d in "${cases[@]}"; do
  d=${d%/}
  if "$PY" verify.py "$d"; then pass=$((pass+1)); else fail=$((fail+1)); fi
done
echo "== $pass passed, $fail failed"
[ "$fail" -eq 0 ]
