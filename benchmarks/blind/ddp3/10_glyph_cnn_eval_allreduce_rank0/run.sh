#!/usr/bin/env bash
set -euo pipefail
# single node, one process per core/GPU
torchrun --standalone --nproc-per-node=2 train.py --epochs 2 --eval-every 1
