# %% [markdown]
# # Masked autoencoder pre-training on toy "images"
# Converted from the exploration notebook. Run top-to-bottom: `python mae_pretrain.py`

# %%
import time

import torch

from mae.model import MAE
from mae.data import toy_images

torch.manual_seed(0)
EPOCHS = 2
BATCH = 32
MASK_RATIO = 0.75
USE_AMP = True

# %%
images = toy_images(n=512, size=32)
model = MAE(img_size=32, patch=4, enc_dim=96, dec_dim=64, enc_depth=2, dec_depth=1)
opt = torch.optim.AdamW(model.parameters(), lr=1.5e-4 * BATCH / 16, weight_decay=0.05)
print(f"{sum(p.numel() for p in model.parameters()) / 1e6:.2f}M parameters")

# %%
for epoch in range(EPOCHS):
    t0 = time.time()
    perm = torch.randperm(len(images))
    running = 0.0
    for i in range(0, len(images), BATCH):
        x = images[perm[i:i + BATCH]]
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=USE_AMP):
            loss = model(x, mask_ratio=MASK_RATIO)
        opt.zero_grad()
        loss.backward()
        opt.step()
        running += loss.item() * len(x)
    print(f"epoch {epoch}: loss {running / len(images):.4f} ({time.time() - t0:.1f}s)")

# %%
print("pre-training done")
