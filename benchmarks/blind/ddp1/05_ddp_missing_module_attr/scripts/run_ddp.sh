#!/usr/bin/env bash
set -e
python -m torch.distributed.run --standalone --nproc-per-node 2 fit.py --max-epochs 1
