import time

import torch
import torch.nn.functional as F

from src.data import batches, synthetic_blobs
from src.models.segnet import MiniSegNet


def dice(logits, masks):
    pred = (logits > 0).float()
    inter = (pred * masks).sum()
    return (2 * inter / (pred.sum() + masks.sum() + 1e-6)).item()


def run(cfg):
    torch.manual_seed(cfg["seed"])
    imgs, masks = synthetic_blobs(cfg["num_images"], cfg["image_size"], cfg["seed"])
    n_val = len(imgs) // 6
    tr_x, tr_y, va_x, va_y = imgs[n_val:], masks[n_val:], imgs[:n_val], masks[:n_val]
    model = MiniSegNet(cfg["base_channels"])
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    amp_dtype = getattr(torch, cfg["amp_dtype"])

    for epoch in range(cfg["epochs"]):
        model.train()
        t0 = time.time()
        for x, y in batches(tr_x, tr_y, cfg["batch_size"]):
            with torch.autocast("cpu", dtype=amp_dtype):
                logits = model(x)
                loss = F.binary_cross_entropy_with_logits(logits.float(), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            print(f"  loss {loss.item():.4f}")
        model.eval()
        with torch.no_grad(), torch.autocast("cpu", dtype=amp_dtype):
            scores = [dice(model(x).float(), y) for x, y in batches(va_x, va_y, 16, shuffle=False)]
        print(f"epoch {epoch}: dice {sum(scores) / len(scores):.3f} ({time.time() - t0:.1f}s)")
