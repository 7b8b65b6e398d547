"""Episodic meta-training of a conv backbone with a closed-form least-squares head."""
import argparse

import torch

from fewshot.backbone import Conv4
from fewshot.episodes import EpisodeSampler
from fewshot.heads import LeastSquaresHead
from fewshot.meta import meta_train_epoch, meta_eval


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--episodes", type=int, default=12)
    p.add_argument("--way", type=int, default=5)
    p.add_argument("--shot", type=int, default=5)
    p.add_argument("--query", type=int, default=6)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--amp-dtype", default="bfloat16", choices=["bfloat16", "float16", "none"])
    args = p.parse_args()

    torch.manual_seed(0)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    sampler = EpisodeSampler(num_classes=40, image_size=16, seed=0)
    backbone = Conv4(width=16).to(device)
    head = LeastSquaresHead().to(device)
    params = list(backbone.parameters()) + list(head.parameters())
    opt = torch.optim.Adam(params, lr=args.lr)
    amp_dtype = None if args.amp_dtype == "none" else getattr(torch, args.amp_dtype)

    for epoch in range(args.epochs):
        loss, acc = meta_train_epoch(backbone, head, sampler, opt, args, device, amp_dtype)
        val_acc = meta_eval(backbone, head, sampler, args, device, amp_dtype)
        print(f"epoch {epoch}: loss={loss:.4f} train_acc={acc:.3f} val_acc={val_acc:.3f}")


if __name__ == "__main__":
    main()
