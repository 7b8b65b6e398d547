#!/bin/bash
# Verifies every case of the oom5 corpus under its memory limit.
#   broken program: fails with case.json "message" (RLIMIT_AS) or is SIGKILLed (cgroup, exit 137)
#   SUCCESS: project with expected/ copied over exits 0 under the same limit
#   NO_ERROR: program exits 0 under the limit;  FAILED: program fails with "message"
# env: PY=python interpreter (default /work/main/.venv/bin/python). cgroup cases need root + cgroup v1.
PY=${PY:-/work/main/.venv/bin/python}
HERE=$(cd "$(dirname "$0")" && pwd)
pass=0; fail=0
field() { "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); v=d.get(sys.argv[2]); print(json.dumps(v) if isinstance(v,(list,dict)) else v)" "$1" "$2"; }
run_limited() {  # kind bytes outfile cmd...
  local kind=$1 bytes=$2 out=$3; shift 3
  if [ "$kind" = as ]; then
    nice prlimit --as="$bytes" "$@" >"$out" 2>&1
    return $?
  else
    local cg=/sys/fs/cgroup/memory/oom5_verify_$$_$RANDOM
    mkdir -p "$cg" || return 99
    echo "$bytes" > "$cg/memory.limit_in_bytes"; echo 0 > "$cg/memory.swappiness"
    nice sh -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' sh "$cg" "$@" >"$out" 2>&1
    local rc=$?
    sleep 0.3; rmdir "$cg" 2>/dev/null
    return $rc
  fi
}
for c in "$HERE"/[0-9]*/; do
  c=${c%/}; name=$(basename "$c")
  [ -f "$c/case.json" ] || continue
  status=$(field "$c/case.json" status); kind=$(field "$c/case.json" memory_limit_kind)
  limit=$(field "$c/case.json" memory_limit); bytes=$(numfmt --from=iec "$limit")
  msg=$(field "$c/case.json" message)
  mapfile -t cmd < <("$PY" -c "import json,sys; print('\n'.join(json.load(open(sys.argv[1]))['run']))" "$c/case.json")
  tmp=$(mktemp -d); cp -r "$c" "$tmp/p"; rm -rf "$tmp/p/expected"
  ok=1; note=""
  run_limited "$kind" "$bytes" "$tmp/broken.log" bash -c 'cd "$1"; shift; exec "$@"' x "$tmp/p" "$PY" "${cmd[@]}"
  rc=$?
  if [ "$status" = NO_ERROR ]; then
    [ $rc -eq 0 ] || { ok=0; note="exit $rc (expected 0)"; }
  else
    if [ "$kind" = cgroup ]; then
      [ $rc -eq 137 ] || { ok=0; note="broken exit $rc (expected 137 SIGKILL)"; }
    else
      last=$(grep -v '^\s*$' "$tmp/broken.log" | tail -1)
      [ $rc -ne 0 ] && [ "$last" = "$msg" ] || { ok=0; note="broken rc=$rc last='$last'"; }
    fi
    if [ "$status" = SUCCESS ] && [ $ok -eq 1 ]; then
      cp -r "$c/expected/." "$tmp/p/"
      run_limited "$kind" "$bytes" "$tmp/fixed.log" bash -c 'cd "$1"; shift; exec "$@"' x "$tmp/p" "$PY" "${cmd[@]}"
      rc=$?
      [ $rc -eq 0 ] || { ok=0; note="fixed exit $rc: $(tail -1 "$tmp/fixed.log")"; }
    fi
  fi
  if [ $ok -eq 1 ]; then pass=$((pass+1)); echo "PASS $name ($status, $kind $limit)";
  else fail=$((fail+1)); echo "FAIL $name: $note"; fi
  rm -rf "$tmp"
done
echo "passed $pass, failed $fail"
[ $fail -eq 0 ]
