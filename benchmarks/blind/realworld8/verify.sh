#!/bin/bash
# usage: PY=/work/main/.venv/bin/python ./verify.sh [case ...]
PY=${PY:-/work/main/.venv/bin/python}
ROOT=$(cd "$(dirname "$0")" && pwd)
cases=("$@"); [ ${#cases[@]} -eq 0 ] && cases=($(cd "$ROOT" && ls -d [0-9][0-9]_*/ | tr -d /))
fail=0
for c in "${cases[@]}"; do
  d="$ROOT/$c"
  mapfile -d '' RUN < <("$PY" -c 'import json,sys; sys.stdout.write("\0".join(json.load(open(sys.argv[1]))["run"]))' "$d/case.json")
  msg=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["message"])' "$d/case.json")
  st=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["status"])' "$d/case.json")
  t=$(mktemp -d); cp -r "$d/." "$t/"; rm -rf "$t/expected" "$t/case.json"
  (cd "$t" && timeout 120 nice "$PY" "${RUN[@]}" >"$t/.out" 2>"$t/.err"); rc=$?
  last=$(grep -v '^\s*$' "$t/.err" | tail -1)
  ok1=no; [ $rc -ne 0 ] && [ "$last" == "$msg" ] && ok1=yes
  ok2=n/a
  if [ "$st" == "SUCCESS" ]; then
    t2=$(mktemp -d); cp -r "$d/." "$t2/"; rm -rf "$t2/expected" "$t2/case.json"; cp -r "$d/expected/." "$t2/"
    (cd "$t2" && timeout 120 nice "$PY" "${RUN[@]}" >"$t2/.out" 2>"$t2/.err"); rc2=$?
    ok2=no; [ $rc2 -eq 0 ] && ok2=yes
    [ $ok2 == no ] && { echo "  fixed rc=$rc2"; tail -3 "$t2/.err"; }
    rm -rf "$t2"
  fi
  echo "$c broken_fails_with_message=$ok1 fixed_exits_0=$ok2"
  [ $ok1 == no ] && { echo "  got rc=$rc last: $last"; fail=1; }
  [ $ok2 == no ] && fail=1
  rm -rf "$t"
done
exit $fail
