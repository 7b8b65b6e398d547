#!/bin/sh
# DDP on a single node, 2 processes
torchrun --standalone --nproc_per_node=2 train.py --max_iters=60 --eval_interval=20
