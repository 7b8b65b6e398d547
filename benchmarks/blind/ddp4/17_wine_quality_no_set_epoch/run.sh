#!/bin/bash
torchrun --standalone --nnodes=1 --nproc-per-node=2 main.py --epochs 3 --batch-size 32
