#!/usr/bin/env bash
# Simulate 2 heterogeneous clients, one process each (rank r = client r)
torchrun --standalone --nproc-per-node 2 simulate.py --config configs/hetero_depth.yaml
