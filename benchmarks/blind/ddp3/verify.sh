#!/usr/bin/env bash
# Verify every case of the ddp3 corpus:
#   * the broken project fails as described when run as case.json says
#     (hang cases: a timeout after HANG_TIMEOUT s counts as "fails as described"),
#   * the project with expected/ copied over exits 0, FIXED_RUNS times in a row.
# usage: bash verify.sh [case_dir ...]      env: PY, FIXED_RUNS (3), HANG_TIMEOUT (60), RUN_TIMEOUT (300)
set -u
CORPUS=$(cd "$(dirname "$0")" && pwd)
PY=${PY:-/work/blind-staging/venv-ddp1/bin/python}
FIXED_RUNS=${FIXED_RUNS:-3}
HANG_TIMEOUT=${HANG_TIMEOUT:-60}
RUN_TIMEOUT=${RUN_TIMEOUT:-300}

# what the broken run must print (grep -E), per case
declare -A EXPECT=(
  [01_molgraph_unused_edge_gate]='Expected to have finished reduction in the prior iteration'
  [02_layerdrop_text_classifier]='Expected to have finished reduction in the prior iteration'
  [03_hubert_units_nccl_spawn]="Distributed package doesn't have NCCL built in"
  [04_tabular_risk_set_device]="AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'"
  [05_sensor_ae_device_ids_cpu]='ValueError: DistributedDataParallel device_ids and output_device arguments only work'
  [06_grid_detector_sampler_shuffle]='ValueError: sampler option is mutually exclusive with shuffle'
  [07_charlm_generate_on_ddp]="AttributeError: 'DistributedDataParallel' object has no attribute 'generate'"
  [08_twotower_ckpt_module_prefix]='Unexpected key\(s\) in state_dict: "module\.user_emb\.weight"'
  [09_vae_mixture_barrier_rank0]='__HANG__'
  [10_glyph_cnn_eval_allreduce_rank0]='Is there a distributed collective mismatch in your code'
  [11_forecast_lstm_plain_python_env]='environment variable RANK expected, but not set'
  [12_review_sentiment_broken_fallback]='environment variable RANK expected, but not set'
  [13_deblur_eval_uneven_shards]='Is there a distributed collective mismatch in your code'
  [14_unet_seg_syncbn_cpu]='ValueError: SyncBatchNorm layers only work with GPU modules'
  [15_audio_tagging_no_set_epoch]='__SILENT__'
  [16_pointnet_ckpt_rotation_all_ranks]="FileNotFoundError: \[Errno 2\] No such file or directory: 'checkpoints/epoch_0000.pt'"
  [17_trap_multitask_find_unused_ok]='__NO_ERROR__'
  [18_trap_truncated_pretrained_backbone]='PytorchStreamReader failed reading zip archive: failed finding central directory'
  [19_wgan_rank0_sample_through_ddp]='Connection closed by peer'
  [20_trap_two_node_rendezvous_waits]='__HANG__'
)

RC=0; TIMED_OUT=0

# run_case DIR TIMEOUT LOG ARGS... ; sets RC and TIMED_OUT
run_case() {
  local dir=$1 limit=$2 log=$3; shift 3
  TIMED_OUT=0
  ( cd "$dir" && exec setsid nice "$PY" "$@" ) >"$log" 2>&1 < /dev/null &
  local pid=$! i
  for ((i = 0; i < limit; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  if kill -0 "$pid" 2>/dev/null; then
    TIMED_OUT=1
    kill -TERM -- "-$pid" 2>/dev/null; sleep 5
    kill -KILL -- "-$pid" 2>/dev/null
  fi
  wait "$pid"; RC=$?
  # workers started by torchrun live in their own sessions: kill anything still running in $dir
  local p
  for p in /proc/[0-9]*; do
    if [ "$(readlink "$p/cwd" 2>/dev/null)" = "$dir" ]; then kill -KILL "${p#/proc/}" 2>/dev/null; fi
  done
}

first_ids_all_equal() {  # 0 if every 'first batch ids' line is identical (and there are >= 2)
  local n u
  n=$(grep -c 'first batch ids' "$1"); u=$(grep 'first batch ids' "$1" | sed 's/^epoch [0-9]* //' | sort -u | wc -l)
  [ "$n" -ge 2 ] && [ "$u" -eq 1 ]
}

if [ $# -gt 0 ]; then CASES=("$@"); else CASES=("$CORPUS"/[0-9][0-9]_*/); fi
pass=0; fail=0
for c in "${CASES[@]}"; do
  c=${c%/}; name=$(basename "$c"); cdir="$CORPUS/$name"
  mapfile -t RUN < <("$PY" -c 'import json,sys; [print(a) for a in json.load(open(sys.argv[1]))["run"]]' "$cdir/case.json")
  status=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["status"])' "$cdir/case.json")
  # may_hang: the collective mismatch usually crashes, but a hang (timeout) also counts as failing as described
  may_hang=$("$PY" -c 'import json,sys; print(int(bool(json.load(open(sys.argv[1])).get("may_hang"))))' "$cdir/case.json")
  expect=${EXPECT[$name]:-}
  work=$(mktemp -d /tmp/ddp3-verify.XXXXXX)
  mkdir -p "$work/broken"; cp -r "$cdir/." "$work/broken/"; rm -rf "$work/broken/expected" "$work/broken/case.json"
  t0=$(date +%s)
  if [ "$expect" = "__HANG__" ] || [ "$may_hang" = 1 ]; then lim=$HANG_TIMEOUT; else lim=$RUN_TIMEOUT; fi
  run_case "$work/broken" "$lim" "$work/broken.log" "${RUN[@]}"
  t1=$(date +%s)
  ok_b=0
  case "$expect" in
    __HANG__)     [ $TIMED_OUT = 1 ] && ok_b=1; bdesc="hang (timed out after ${lim}s: $TIMED_OUT)";;
    __SILENT__)   [ $RC = 0 ] && first_ids_all_equal "$work/broken.log" && ok_b=1; bdesc="exit $RC, same order every epoch";;
    __NO_ERROR__) [ $RC = 0 ] && ok_b=1; bdesc="exit $RC (no error expected)";;
    *)            [ $TIMED_OUT = 0 ] && [ $RC != 0 ] && grep -Eq -- "$expect" "$work/broken.log" && ok_b=1
                  if [ $TIMED_OUT = 1 ]; then
                    [ "$may_hang" = 1 ] && ok_b=1; bdesc="hang (timed out after ${lim}s, may_hang=$may_hang)"
                  else bdesc="exit $RC, message found: $ok_b"; fi;;
  esac
  line="$name [$status]: broken -> $bdesc ($((t1 - t0))s)"
  ok_f=1
  if [ -d "$cdir/expected" ]; then
    mkdir -p "$work/fixed"; cp -r "$cdir/." "$work/fixed/"; rm -rf "$work/fixed/expected" "$work/fixed/case.json"
    cp -r "$cdir/expected/." "$work/fixed/"
    runs=""
    for ((k = 1; k <= FIXED_RUNS; k++)); do
      rm -rf "$work/fixed/checkpoints" "$work/fixed/runs"
      t0=$(date +%s)
      run_case "$work/fixed" "$RUN_TIMEOUT" "$work/fixed.$k.log" "${RUN[@]}"
      t1=$(date +%s)
      runs="$runs exit=$RC/$((t1 - t0))s"
      [ $RC = 0 ] || ok_f=0
      if [ "$expect" = "__SILENT__" ] && first_ids_all_equal "$work/fixed.$k.log"; then ok_f=0; fi
    done
    line="$line; fixed x$FIXED_RUNS ->$runs"
  fi
  if [ $ok_b = 1 ] && [ $ok_f = 1 ]; then
    echo "PASS $line"; pass=$((pass + 1)); rm -rf "$work"
  else
    echo "FAIL $line   (logs kept in $work)"; fail=$((fail + 1))
  fi
done
echo "== $pass passed, $fail failed =="
left=""
for p in /proc/[0-9]*; do
  case "$(readlink "$p/cwd" 2>/dev/null)" in /tmp/ddp3-verify.*) left="$left ${p#/proc/}:$(tr '\0' ' ' < "$p/cmdline" | cut -c1-80)";; esac
done
if [ -n "$left" ]; then echo "LEFTOVER PROCESSES:"; echo "$left"; else echo "no leftover processes"; fi
