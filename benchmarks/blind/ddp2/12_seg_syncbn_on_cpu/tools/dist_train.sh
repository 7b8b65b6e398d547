#!/usr/bin/env bash
NPROC=${1:-2}
python -m torch.distributed.run --standalone --nproc-per-node "$NPROC" tools/train.py --epochs 1
