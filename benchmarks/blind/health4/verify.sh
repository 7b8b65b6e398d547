#!/bin/bash
# verify.sh — check every case of the health4 corpus.
#  bug case : broken run exits 0 AND shows its symptom (losscheck MODE);
#             with expected/ copied over, the run exits 0 and its loss falls.
#  trap     : (status NO_ERROR, no expected/) run exits 0 and its loss falls.
# usage: ./verify.sh [case-dir ...]      (PY=... to override the interpreter)
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${PY:-/work/blind-staging/venv-amp2/bin/python}
declare -A BROKEN=(
  [01_siamese_signature_sqrt_nan]=nan
  [02_ctr_handwritten_bce_log0]=nan
  [03_har_window_znorm_std0]=nan
  [04_dual_encoder_infonce_exp_overflow]=nan
  [05_solar_forecast_zero_grad_before_step]=flat
  [06_shapes_cnn_zero_grad_once_per_epoch]=rises
  [07_credit_tabular_eval_after_sanity_check]=flat
  [08_texture_finetune_head_swapped_after_optimizer]=flat
  [09_ecg_denoiser_item_rewrapped_loss]=flat
  [10_molprop_encoder_under_no_grad]=flat
  [11_crop_yield_gru_numpy_roundtrip]=flat
  [12_building_energy_mlp_plain_list]=flat
  [13_intent_freeze_name_match_too_broad]=flat
  [14_review_sentiment_lr_linear_scaling_intdiv]=flat
  [15_spirals_scheduler_stepped_per_batch]=flat
)
cases=("$@"); [ ${#cases[@]} -eq 0 ] && cases=($(cd "$HERE" && ls -d [0-9][0-9]_*/ | tr -d /))
pass=0; fail=0
run_case() {  # dir logfile -> rc
  local dir=$1 log=$2 args
  args=$("$PY" -c "import json,sys;print(' '.join(json.load(open(sys.argv[1]))['run']))" "$dir/case.json")
  (cd "$dir" && timeout 300 nice "$PY" $args > "$log" 2>&1)
}
for c in "${cases[@]}"; do
  src="$HERE/$c"; status=$("$PY" -c "import json,sys;print(json.load(open(sys.argv[1]))['status'])" "$src/case.json")
  work=$(mktemp -d); cp -r "$src/." "$work/"; rm -rf "$work/expected"
  ok=1; msg=""
  if [ "$status" = "NO_ERROR" ]; then
    [ -d "$src/expected" ] && { ok=0; msg+=" trap-has-expected"; }
    run_case "$work" "$work/run.log"; rc=$?
    [ $rc -eq 0 ] || { ok=0; msg+=" rc=$rc"; }
    chk=$("$PY" "$HERE/losscheck.py" falls "$work/run.log") || ok=0
    msg+=" | run rc=$rc $chk"
  else
    mode=${BROKEN[$c]}
    [ -n "$mode" ] || { mode=flat; msg+=" (no mode, default flat)"; }
    run_case "$work" "$work/broken.log"; rc=$?
    [ $rc -eq 0 ] || ok=0
    chk=$("$PY" "$HERE/losscheck.py" "$mode" "$work/broken.log") || ok=0
    msg+=" | broken rc=$rc $chk"
    cp -r "$src/expected/." "$work/"
    run_case "$work" "$work/fixed.log"; rc=$?
    [ $rc -eq 0 ] || ok=0
    chk=$("$PY" "$HERE/losscheck.py" falls "$work/fixed.log") || ok=0
    msg+=" | fixed rc=$rc $chk"
  fi
  if [ $ok -eq 1 ]; then pass=$((pass+1)); echo "PASS $c [$status]$msg"; else fail=$((fail+1)); echo "FAIL $c [$status]$msg (logs kept in $work)"; fi
  [ $ok -eq 1 ] && rm -rf "$work"
done
echo "== $pass passed, $fail failed"
[ $fail -eq 0 ]
