#!/usr/bin/env bash
# quick check of one case: broken last line, fixed rc, fixed bs2 rc.  usage: tools/try.sh CASE
PY=${PY:-/work/main/.venv/bin/python}
ROOT=$(cd "$(dirname "$0")/.." && pwd); c=$1; d=$ROOT/$c
run=$($PY -c "import json;print(' '.join(json.load(open('$d/case.json'))['run']))")
T=$(mktemp -d); cp -r "$d/." "$T/"; rm -rf "$T/expected"; cd "$T"
s=$(date +%s.%N); $PY $run >o 2>e; r=$?; echo "broken rc=$r $(echo "$(date +%s.%N)-$s"|bc)s last: $(grep -v '^\s*$' e | tail -1)"
[ -d "$d/expected" ] && cp -r "$d/expected/." .
s=$(date +%s.%N); $PY $run >o 2>e; r=$?; echo "fixed rc=$r $(echo "$(date +%s.%N)-$s"|bc)s"; tail -2 o; tail -2 e
s=$(date +%s.%N); $PY $ROOT/tools/bs2.py $run >o 2>e; r=$?; echo "bs2 rc=$r $(echo "$(date +%s.%N)-$s"|bc)s"; tail -1 o; tail -2 e
