#!/usr/bin/env bash
torchrun --standalone --nproc-per-node 2 finetune_main.py --weights pretrained/backbone_v2.pt --epochs 2
