import argparse
import json

import torch

from tagger.data import SyntheticClips
from tagger.loop import run
from tagger.model import ConvGRUTagger


def main():
    ap = argparse.ArgumentParser(description="multi-label sound-event tagging on synthetic spectrograms")
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--batch-size", type=int, default=24)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--threshold", type=float, default=0.5)
    ap.add_argument("--precision", default="bf16", choices=["fp32", "bf16"])
    ap.add_argument("--print-config", action="store_true")
    args = ap.parse_args()
    if args.print_config:
        print(json.dumps(vars(args), indent=2))

    torch.manual_seed(5)
    train_ds = SyntheticClips(144, seed=5)
    val_ds = SyntheticClips(48, seed=6)
    model = ConvGRUTagger(n_mels=train_ds.n_mels, n_tags=train_ds.n_tags)
    run(model, train_ds, val_ds, args)


if __name__ == "__main__":
    main()
