#!/usr/bin/env bash
set -e
torchrun --standalone --nproc_per_node 2 -m sae --steps 40 --save_every 10 --run_name sae-toy
