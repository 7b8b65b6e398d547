#!/bin/bash
cd "$(dirname "$0")/.."
python train.py --nproc 2 --epochs 2
