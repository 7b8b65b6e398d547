#!/usr/bin/env bash
# Verify every case of this corpus:
#   * the broken project fails as case.json describes (error text / hang / silent symptom / clean exit for NO_ERROR traps)
#   * the project with expected/ copied over exits 0, FIXED_RUNS times in a row (fresh copy each time)
# Every run happens in a fresh copy under a temporary directory, in its own process group;
# anything still running afterwards (hang cases) is killed by pid.
#
# usage: ./verify.sh [CASE_DIR ...]      (default: every NN_* directory)
# env:   PY=python with torch   FIXED_RUNS=3   HANG_TIMEOUT=60   RUN_TIMEOUT=240
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
PY="${PY:-/work/blind-staging/venv-ddp1/bin/python}"
FIXED_RUNS="${FIXED_RUNS:-3}"
HANG_TIMEOUT="${HANG_TIMEOUT:-60}"
RUN_TIMEOUT="${RUN_TIMEOUT:-240}"
TMPROOT="$(mktemp -d /tmp/ddp4-verify.XXXXXX)"
LOGDIR="$TMPROOT/logs"; mkdir -p "$LOGDIR"

cd "$HERE"
if [ $# -gt 0 ]; then CASES=("$@"); else CASES=($(ls -d [0-9][0-9]_*/ | sed 's#/$##')); fi

field() {  # field CASE KEY -> value (lists joined by NUL-free newline), "" if absent
  "$PY" - "$1/case.json" "$2" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
v = d.get(sys.argv[2], "")
if isinstance(v, list):
    print("\n".join(v))
elif isinstance(v, bool):
    print("1" if v else "")
else:
    print(v)
EOF
}

kill_leftovers() {  # kill every process whose cwd is inside $1 (only our own runs live there)
  local dir="$1" p cwd
  for p in /proc/[0-9]*; do
    cwd="$(readlink "$p/cwd" 2>/dev/null)" || continue
    case "$cwd" in "$dir"|"$dir"/*) kill -KILL "${p#/proc/}" 2>/dev/null ;; esac
  done
}

run_in() {  # run_in WORKDIR TIMEOUT LOG ARGS... ; sets RC
  local work="$1" t="$2" log="$3"; shift 3
  ( cd "$work" && exec setsid timeout -k 10 "$t" nice "$PY" "$@" ) >"$log" 2>&1 &
  local pid=$!
  wait "$pid"; RC=$?
  kill -KILL -- "-$pid" 2>/dev/null
  sleep 1
  kill_leftovers "$work"
}

copy_case() {  # copy_case CASE DEST [with_fix]
  mkdir -p "$2"
  (cd "$1" && tar --exclude=./expected --exclude=./case.json -cf - .) | (cd "$2" && tar -xf -)
  if [ "${3:-}" = fix ]; then (cd "$1/expected" && tar -cf - .) | (cd "$2" && tar -xf -); fi
}

ids_distinct_epochs() {  # number of distinct "first batch ids" lines in a log
  grep -o "first batch ids: .*" "$1" | sort -u | wc -l
}

PASS=0; FAIL=0
printf '%-44s %-9s %-30s %s\n' CASE STATUS BROKEN FIXED
for c in "${CASES[@]}"; do
  c="${c%/}"
  mapfile -t ARGS < <(field "$c" run)
  status="$(field "$c" status)"; hang="$(field "$c" hang)"; silent="$(field "$c" silent)"
  match="$(field "$c" match)"; [ -z "$match" ] && match="$(field "$c" message)"
  name="$(basename "$c")"

  # ---- broken project
  w="$TMPROOT/$name/broken"; copy_case "$c" "$w"
  log="$LOGDIR/$name.broken.log"
  if [ -n "$hang" ]; then t="$HANG_TIMEOUT"; else t="$RUN_TIMEOUT"; fi
  run_in "$w" "$t" "$log" "${ARGS[@]}"
  ok=0
  if [ -n "$hang" ]; then
    [ "$RC" = 124 ] || [ "$RC" = 137 ] && ok=1; what="hang (rc=$RC)"
  elif [ -n "$silent" ]; then
    n="$(ids_distinct_epochs "$log")"; [ "$RC" = 0 ] && [ "$n" = 1 ] && ok=1; what="silent rc=$RC orders=$n"
  elif [ "$status" = NO_ERROR ]; then
    [ "$RC" = 0 ] && ok=1; what="clean exit (rc=$RC)"
  else
    if [ "$RC" != 0 ] && [ "$RC" != 124 ] && [ "$RC" != 137 ] && grep -qF -- "$match" "$log"; then ok=1; fi
    what="error rc=$RC msg=$(grep -qF -- "$match" "$log" && echo yes || echo no)"
  fi
  broken_res="$([ $ok = 1 ] && echo OK || echo BAD): $what"
  case_ok=$ok

  # ---- fixed project
  if [ -d "$c/expected" ]; then
    if [ "$status" != SUCCESS ]; then fixed_res="BAD: trap has expected/"; case_ok=0
    else
      good=0; rcs=""
      for i in $(seq 1 "$FIXED_RUNS"); do
        w="$TMPROOT/$name/fixed$i"; copy_case "$c" "$w" fix
        log="$LOGDIR/$name.fixed$i.log"
        run_in "$w" "$RUN_TIMEOUT" "$log" "${ARGS[@]}"
        r_ok=0; [ "$RC" = 0 ] && r_ok=1
        if [ -n "$silent" ] && [ "$(ids_distinct_epochs "$log")" -lt 2 ]; then r_ok=0; fi
        good=$((good + r_ok)); rcs="$rcs$RC,"
      done
      if [ "$good" = "$FIXED_RUNS" ]; then fixed_res="OK: $good/$FIXED_RUNS exit 0"; else fixed_res="BAD: $good/$FIXED_RUNS ok (rc ${rcs%,})"; case_ok=0; fi
    fi
  else
    if [ "$status" = SUCCESS ]; then fixed_res="BAD: no expected/"; case_ok=0; else fixed_res="- (trap, no expected/)"; fi
  fi
  printf '%-44s %-9s %-30s %s\n' "$name" "$status" "$broken_res" "$fixed_res"
  if [ "$case_ok" = 1 ]; then PASS=$((PASS + 1)); else FAIL=$((FAIL + 1)); fi
done

echo "passed $PASS / $((PASS + FAIL))   (logs: $LOGDIR)"
left="$(for p in /proc/[0-9]*; do readlink "$p/cwd" 2>/dev/null; done | grep -c "^$TMPROOT" || true)"
echo "processes left running under $TMPROOT: $left"
[ "$FAIL" = 0 ]
