import time

import torch
import torch.nn.functional as F

from vqdec.engine.data import toy_digits


def fit(model, epochs=2, lr=1e-3, device="cpu", bs=64):
    images = toy_digits().to(device)
    opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=lr)
    for ep in range(epochs):
        t0 = time.time()
        perm = torch.randperm(len(images), device=device)
        for i in range(0, len(images), bs):
            x = images[perm[i:i + bs]]
            with torch.autocast("cuda", dtype=torch.bfloat16):
                recon, target, codes = model(x)
            loss = F.mse_loss(recon.float(), target)
            opt.zero_grad()
            loss.backward()
            opt.step()
        used = codes.unique().numel()
        print(f"epoch {ep}: recon {loss.item():.4f}  codes used {used}  ({time.time() - t0:.1f}s)")
