#!/bin/bash
# usage: PY=python ./verify.sh [case...]
PY=${PY:-/work/main/.venv/bin/python}
cd "$(dirname "$0")"
cases=${@:-$(ls -d [0-9]*/ | tr -d /)}
for c in $cases; do
  t=$(mktemp -d); cp -r "$c"/. "$t"/; rm -rf "$t/expected" "$t/case.json"
  run=$($PY -c "import json,shlex;print(' '.join(shlex.quote(a) for a in json.load(open('$c/case.json'))['run']))")
  msg=$($PY -c "import json;print(json.load(open('$c/case.json'))['message'])")
  st=$($PY -c "import json;print(json.load(open('$c/case.json'))['status'])")
  (cd "$t" && eval timeout 60 nice $PY $run) >"$t/.out" 2>&1; rc=$?
  last=$(grep -v '^\s*$' "$t/.out" | tail -1)
  ok=yes
  [ $rc -eq 0 ] && ok=no
  [ "$last" != "$msg" ] && { ok=no; echo "  last: $last"; }
  if [ "$st" = SUCCESS ]; then
    t2=$(mktemp -d); cp -r "$c"/. "$t2"/; rm -rf "$t2/expected" "$t2/case.json"; cp -r "$c/expected"/. "$t2"/
    (cd "$t2" && eval timeout 60 nice $PY $run) >"$t2/.out" 2>&1 || { ok=no; echo "  fixed run failed:"; tail -3 "$t2/.out"; }
    rm -rf "$t2"
  fi
  echo "$c broken_rc=$rc verified=$ok"; rm -rf "$t"
done
