#!/usr/bin/env bash
# Verify every case of the health8 corpus in a fresh temp copy.
#   broken program: exits 0 but shows the silent symptom (SUCCESS cases)
#   fixed program (expected/ copied over): exits 0, loss finite and falling, no learnable
#     parameter left unchanged; and again with every DataLoader forced to batch_size=2
#   NO_ERROR traps: exit 0 with finite losses (unchanged)
# usage: PY=/path/to/python ./verify.sh [case ...]
set -u
PY=${PY:-/work/main/.venv/bin/python}
ROOT=$(cd "$(dirname "$0")" && pwd)
PROBE="$ROOT/tools/probe.py"
LOSSES="$ROOT/tools/losses.py"
pass=0; fail=0; failed=()

# case            kind     broken-output pattern
SPEC=$(cat <<'T'
01_peak_heatmap_focal     nan     train loss nan
02_speaker_cmvn           nan     loss=nan
03_review_sentiment_step  flat    loss 0.7163
04_box_regressor_engine   rises   loss: 8.3478
05_prune_then_finetune    frozen  [finetune] epoch 2 loss 0.7655
06_adaptive_label_gcn     frozen  PROBE unchanged=2 total=14 Linear.weight(32, 50) Linear.weight(32, 50)
07_skill_cpc_encoder      frozen  PROBE unchanged=4 total=28 Conv2d.weight(32, 3, 3, 3)
08_nli_hidden_stack       frozen  PROBE unchanged=4 total=7 Linear.weight(64, 128)
09_reid_param_groups      frozen  PROBE unchanged=4 total=27 Linear.weight(64, 64) Linear.bias(64,) BatchNorm1d.weight(64,)
10_linear_eval_frozen     trap    falls
11_charlm_grad_accum      trap    falls
12_cgan_waveforms         trap    finite
T
)

run_cmd() {  # dir -> prints the run command from case.json
  "$PY" -c 'import json,shlex,sys; print(" ".join(shlex.quote(a) for a in json.load(open(sys.argv[1]))["run"]))' "$1/case.json"
}

check() {
  local name=$1 kind=$2 pat=$3 ok=1 tmp cmd out
  tmp=$(mktemp -d); cp -r "$ROOT/$name" "$tmp/case"; rm -rf "$tmp/case/expected"
  cmd=$(run_cmd "$ROOT/$name")
  out="$tmp/broken.log"
  (cd "$tmp/case" && eval nice "$PY" "$PROBE" $cmd) >"$out" 2>&1; rc=$?
  if [ $rc -ne 0 ]; then echo "  broken run exited $rc"; ok=0; fi
  if [ "$kind" = trap ]; then
    "$PY" "$LOSSES" "$out" "$pat" >/dev/null || { echo "  losses not $pat:"; "$PY" "$LOSSES" "$out" "$pat"; ok=0; }
  else
    grep -qF -- "$pat" "$out" || { echo "  symptom '$pat' not shown"; ok=0; }
    case $kind in
      nan)    "$PY" "$LOSSES" "$out" nan   >/dev/null || { echo "  no nan loss"; ok=0; } ;;
      rises)  "$PY" "$LOSSES" "$out" rises >/dev/null || { echo "  loss does not rise"; ok=0; } ;;
      flat)   "$PY" "$LOSSES" "$out" flat  >/dev/null || { echo "  loss not flat"; ok=0; }
              grep -Eq 'PROBE unchanged=([0-9]+) total=\1( |$)' "$out" || { echo "  some parameter changed"; ok=0; } ;;
      frozen) grep -Eq 'PROBE unchanged=[1-9]' "$out" || { echo "  no frozen parameter"; ok=0; } ;;
    esac
    # fixed program
    rm -rf "$tmp/case"; cp -r "$ROOT/$name" "$tmp/case"; cp -r "$ROOT/$name/expected/." "$tmp/case/"; rm -rf "$tmp/case/expected"
    (cd "$tmp/case" && eval nice "$PY" "$PROBE" $cmd) >"$tmp/fixed.log" 2>&1; rc=$?
    [ $rc -eq 0 ] || { echo "  fixed run exited $rc"; tail -3 "$tmp/fixed.log"; ok=0; }
    "$PY" "$LOSSES" "$tmp/fixed.log" falls >/dev/null || { echo "  fixed loss not finite+falling:"; "$PY" "$LOSSES" "$tmp/fixed.log" falls; ok=0; }
    grep -q 'PROBE unchanged=0 ' "$tmp/fixed.log" || { echo "  fixed: parameters unchanged:"; grep PROBE "$tmp/fixed.log"; ok=0; }
    (cd "$tmp/case" && PROBE_BS2=1 eval nice "$PY" "$PROBE" $cmd) >"$tmp/bs2.log" 2>&1; rc=$?
    [ $rc -eq 0 ] || { echo "  fixed run at batch_size=2 exited $rc"; tail -3 "$tmp/bs2.log"; ok=0; }
    "$PY" "$LOSSES" "$tmp/bs2.log" finite >/dev/null || { echo "  fixed run at batch_size=2: non-finite loss"; ok=0; }
  fi
  rm -rf "$tmp"
  return $((1 - ok))
}

while read -r name kind pat; do
  [ -z "$name" ] && continue
  if [ $# -gt 0 ]; then
    keep=0; for a in "$@"; do [ "$a" = "$name" ] && keep=1; done
    [ $keep -eq 1 ] || continue
  fi
  echo "== $name ($kind)"
  if check "$name" "$kind" "$pat"; then echo "   PASS"; pass=$((pass + 1)); else echo "   FAIL"; fail=$((fail + 1)); failed+=("$name"); fi
done <<< "$SPEC"

echo "passed $pass, failed $fail ${failed[*]:-}"
[ $fail -eq 0 ]
