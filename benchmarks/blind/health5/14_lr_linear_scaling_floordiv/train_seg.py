import sys

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from seg.data import crack_images
from seg.models.unet import MiniUNet
from seg.optim import build_optimizer, build_scheduler


def dice(logits, mask, eps=1.0):
    p = torch.sigmoid(logits)
    return ((2 * (p * mask).sum() + eps) / (p.sum() + mask.sum() + eps)).item()


def main(path):
    cfg = yaml.safe_load(open(path))
    torch.manual_seed(0)
    solver = cfg["solver"]
    loader = DataLoader(crack_images(**cfg["data"]), batch_size=solver["batch_size"], shuffle=True)
    model = MiniUNet(**cfg["model"])
    opt = build_optimizer(solver, model.parameters())
    sched = build_scheduler(solver, opt, len(loader))
    pos_weight = torch.tensor(10.0)
    for epoch in range(solver["epochs"]):
        model.train()
        tot, d, n = 0.0, 0.0, 0
        for x, m in loader:
            logits = model(x)
            loss = F.binary_cross_entropy_with_logits(logits, m, pos_weight=pos_weight)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item(); d += dice(logits, m); n += 1
        print(f"{cfg['name']} ep{epoch} lr={opt.param_groups[0]['lr']:.2e} loss={tot / n:.4f} dice={d / n:.3f}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "experiment.yaml")
