#!/usr/bin/env bash
# 2 workers on one box (we use 2 A100 on the lab server, gloo works for debugging on a laptop)
torchrun --standalone --nproc-per-node 2 train.py --epochs 2 --batch-size 16 --hidden 32
