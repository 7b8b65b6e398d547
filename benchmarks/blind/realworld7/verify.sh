#!/bin/bash
# usage: PY=/path/to/python ./verify.sh [case_dir ...]
PY=${PY:-/work/main/.venv/bin/python}
ROOT=$(cd "$(dirname "$0")" && pwd)
cases=("$@"); [ ${#cases[@]} -eq 0 ] && cases=($(ls -d "$ROOT"/[0-9]*/ | xargs -n1 basename))
rc_all=0
for c in "${cases[@]}"; do
  c=$(basename "$c"); d="$ROOT/$c"
  run=$("$PY" -c "import json,shlex;print(' '.join(shlex.quote(a) for a in json.load(open('$d/case.json'))['run']))")
  status=$("$PY" -c "import json;print(json.load(open('$d/case.json'))['status'])")
  msg=$("$PY" -c "import json;print(json.load(open('$d/case.json'))['message'])")
  t=$(mktemp -d); cp -r "$d/." "$t/"; rm -rf "$t/expected" "$t/case.json"
  (cd "$t" && eval timeout 120 nice "$PY" $run) >"$t/.out" 2>&1; rc=$?
  last=$(grep -v '^\s*$' "$t/.out" | tail -1 | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
  ok=yes
  [ $rc -eq 0 ] && ok=no
  [ "$last" != "$msg" ] && ok=no
  fixed=-
  if [ "$status" = SUCCESS ]; then
    t2=$(mktemp -d); cp -r "$d/." "$t2/"; rm -rf "$t2/expected" "$t2/case.json"; cp -r "$d/expected/." "$t2/"
    (cd "$t2" && eval timeout 120 nice "$PY" $run) >"$t2/.out" 2>&1; rc2=$?
    fixed=$rc2; [ $rc2 -ne 0 ] && { ok=no; tail -3 "$t2/.out"; }
    rm -rf "$t2"
  fi
  echo "$c broken_rc=$rc fixed_rc=$fixed ok=$ok"
  [ "$ok" = no ] && { echo "  last: $last"; rc_all=1; }
  rm -rf "$t"
done
exit $rc_all
