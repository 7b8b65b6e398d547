"""Self-supervised pretraining (masked feature modelling) followed by supervised fine-tuning."""
import argparse
import os

import torch

from tabular.data import make_tabular
from tabular.finetune import finetune
from tabular.pretrain import pretrain


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3, help="epochs for each stage")
    ap.add_argument("--out-dir", default="runs/mfm")
    ap.add_argument("--no-amp", dest="amp", action="store_false")
    args = ap.parse_args()

    torch.manual_seed(0)
    os.makedirs(args.out_dir, exist_ok=True)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    unlabeled, labeled, val = make_tabular(seed=0)

    ckpt = pretrain(unlabeled, device, epochs=args.epochs, amp=args.amp,
                    ckpt_path=os.path.join(args.out_dir, "pretrain_last.pt"))
    acc = finetune(labeled, val, device, init_ckpt=ckpt, epochs=args.epochs, amp=args.amp)
    print(f"done: val acc={acc:.3f}")


if __name__ == "__main__":
    main()
