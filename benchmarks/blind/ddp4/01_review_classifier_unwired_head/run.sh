#!/usr/bin/env bash
# 2-process CPU run (gloo). Adjust --nproc-per-node to your machine.
torchrun --standalone --nproc-per-node 2 train.py --config configs/reviews_small.yaml "$@"
