#!/bin/bash
# usage: PY=/path/to/python ./verify.sh [case ...]
PY=${PY:-/work/main/.venv/bin/python}
ROOT=$(cd "$(dirname "$0")" && pwd)
cd "$ROOT"
cases=("$@"); [ ${#cases[@]} -eq 0 ] && cases=($(ls -d [0-9][0-9]_*/ | tr -d /))
rc_all=0
for c in "${cases[@]}"; do
  mapfile -t run < <("$PY" -c "import json,sys;[print(a) for a in json.load(open('$c/case.json'))['run']]")
  status=$("$PY" -c "import json;print(json.load(open('$c/case.json'))['status'])")
  msg=$("$PY" -c "import json;print(json.load(open('$c/case.json'))['message'])")
  t=$(mktemp -d); cp -r "$c/." "$t/"; rm -rf "$t/expected" "$t/case.json"
  (cd "$t" && nice timeout 300 "$PY" "${run[@]}" >"$t/.out" 2>&1); rc=$?
  last=$(grep -v '^\s*$' "$t/.out" | tail -1)
  ok1=no; [ $rc -ne 0 ] && [ "$last" == "$msg" ] && ok1=yes
  ok2=n/a
  if [ "$status" == "SUCCESS" ]; then
    t2=$(mktemp -d); cp -r "$c/." "$t2/"; rm -rf "$t2/expected" "$t2/case.json"; cp -r "$c/expected/." "$t2/"
    (cd "$t2" && nice timeout 300 "$PY" "${run[@]}" >"$t2/.out" 2>&1); rc2=$?
    ok2=no; [ $rc2 -eq 0 ] && ok2=yes
    [ $ok2 == no ] && tail -3 "$t2/.out"
    rm -rf "$t2"
  fi
  [ $ok1 == no ] && { echo "  got rc=$rc last: $last"; }
  echo "$c broken_fails_with_message=$ok1 fixed_exits_0=$ok2"
  { [ $ok1 == no ] || [ $ok2 == no ]; } && rc_all=1
  rm -rf "$t"
done
exit $rc_all
