#!/usr/bin/env bash
# usage: scripts/train.sh [extra args]
export OMP_NUM_THREADS=1
torchrun --standalone --nproc-per-node 2 spkid/train.py --num-utts 1001 --batch-size 25 "$@"
