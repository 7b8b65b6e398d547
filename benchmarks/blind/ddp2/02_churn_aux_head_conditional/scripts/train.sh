#!/usr/bin/env bash
python -m torch.distributed.run --standalone --nproc-per-node 2 -m churn.main --epochs 2 "$@"
