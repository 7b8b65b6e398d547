#!/usr/bin/env bash
# run on node0 AND on node1; RDZV_HOST=node0 on node1
RDZV_HOST=${RDZV_HOST:-localhost}
torchrun --nnodes 2 --nproc-per-node 1 --rdzv-backend c10d \
         --rdzv-endpoint ${RDZV_HOST}:29695 --rdzv-id ctr-2node train_ctr.py --epochs 1
