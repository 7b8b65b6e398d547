#!/bin/bash
# Kaggle CTR baseline — multi-process training
NPROC=${NPROC:-2}
torchrun --standalone --nproc_per_node=$NPROC train.py --epochs 2 --batch-size 256
