#!/usr/bin/env bash
# usage: bash scripts/train_ddp.sh [extra args]
torchrun --standalone --nnodes 1 --nproc-per-node 2 -m charlm.train --steps-per-epoch 20 --epochs 2 "$@"
