#!/bin/bash
set -e
NPROC=${NPROC:-2}
torchrun --standalone --nproc-per-node $NPROC -m riskmodel.train --epochs 2
