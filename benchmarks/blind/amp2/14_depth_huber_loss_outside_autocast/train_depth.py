import argparse
import time

import torch

from depthnet.data.scenes import make_scenes
from depthnet.engine.criterion import DepthCriterion
from depthnet.engine.step import make_step_fn
from depthnet.models.unet_small import SmallUNet


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--bs", type=int, default=16)
    ap.add_argument("--res", type=int, default=32)
    ap.add_argument("--bf16", action="store_true")
    args = ap.parse_args()

    torch.manual_seed(0)
    rgb, depth = make_scenes(384, args.res)
    model = SmallUNet()
    crit = DepthCriterion(delta=0.5, grad_weight=0.5)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    step = make_step_fn(model, crit, opt, bf16=args.bf16)
    for ep in range(args.epochs):
        t0 = time.time()
        perm = torch.randperm(len(rgb))
        losses = [step(rgb[perm[i:i + args.bs]], depth[perm[i:i + args.bs]]) for i in range(0, len(rgb), args.bs)]
        print(f"epoch {ep}: loss {sum(losses) / len(losses):.4f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
