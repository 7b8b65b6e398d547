#!/usr/bin/env bash
torchrun --standalone --nproc-per-node 2 run.py --epochs 2 --batch-size 64
