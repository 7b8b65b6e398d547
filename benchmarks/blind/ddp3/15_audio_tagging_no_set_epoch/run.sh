#!/bin/sh
exec torchrun --standalone --nproc-per-node 2 train.py --epochs 3 --log-batch-ids
