#!/bin/bash
torchrun --standalone --nproc-per-node 2 train.py --epochs 1 "$@"
