import argparse

import torch
import yaml

from detection.model import FastRCNN


def make_batch(cfg, g):
    """Random boxes of several sizes + jittered proposals with class / regression targets."""
    S, B, P = cfg["image_size"], cfg["batch_size"], cfg["proposals_per_image"]
    images = torch.rand(B, 3, S, S, generator=g) * 0.1
    proposals, labels, reg_targets = [], [], []
    for b in range(B):
        wh = torch.randint(12, 100, (1, 2), generator=g).float()
        xy = torch.rand(1, 2, generator=g) * (S - wh)
        gt = torch.cat([xy, xy + wh], 1)
        cls = int(torch.randint(1, cfg["num_classes"], (1,), generator=g))
        x1, y1, x2, y2 = gt[0].long().tolist()
        images[b, cls % 3, y1:y2, x1:x2] += 0.8
        jitter = (torch.rand(P, 4, generator=g) - 0.5) * wh.repeat(1, 2) * 0.6
        props = (gt + jitter).clamp(0, S - 1)
        props[:, 2:] = torch.maximum(props[:, 2:], props[:, :2] + 4)
        neg = torch.rand(P, generator=g) < 0.3
        lab = torch.where(neg, torch.zeros(P, dtype=torch.long), torch.full((P,), cls))
        pw, ph = props[:, 2] - props[:, 0], props[:, 3] - props[:, 1]
        t = torch.stack([(gt[0, 0] - props[:, 0]) / pw, (gt[0, 1] - props[:, 1]) / ph,
                         torch.log(wh[0, 0] / pw), torch.log(wh[0, 1] / ph)], 1)
        proposals.append(props)
        labels.append(lab)
        reg_targets.append(t)
    return images, proposals, labels, reg_targets


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="configs/frcnn_tiny_bf16.yaml")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)

    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    model = FastRCNN(cfg["num_classes"], cfg["image_size"])
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9, weight_decay=1e-4)
    amp_dtype = getattr(torch, cfg["amp_dtype"])

    model.train()
    for it in range(cfg["iters"]):
        images, proposals, labels, reg_targets = make_batch(cfg, g)
        with torch.autocast("cpu", dtype=amp_dtype, enabled=cfg["amp"]):
            loss_dict = model(images, proposals, labels, reg_targets)
            losses = sum(loss for loss in loss_dict.values())
        optimizer.zero_grad()
        losses.backward()
        optimizer.step()
        print(f"iter {it}: loss {losses.item():.4f} " + " ".join(f"{k} {v.item():.4f}" for k, v in loss_dict.items()))


if __name__ == "__main__":
    main()
