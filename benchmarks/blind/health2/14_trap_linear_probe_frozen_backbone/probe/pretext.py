import torch
import torch.nn as nn
import torch.nn.functional as F


def rotate_batch(x):
    k = torch.randint(0, 4, (x.size(0),))
    out = x.clone()
    for r in range(1, 4):
        sel = k == r
        out[sel] = torch.rot90(x[sel], r, dims=(2, 3))
    return out, k


def pretrain_rotation(backbone, images, steps=60, batch_size=64, lr=3e-3):
    """RotNet pretext task: predict which multiple of 90 degrees the input was rotated by."""
    rot_head = nn.Linear(backbone.out_dim, 4)
    opt = torch.optim.Adam(list(backbone.parameters()) + list(rot_head.parameters()), lr=lr)
    backbone.train()
    for step in range(1, steps + 1):
        x = images[torch.randint(0, len(images), (batch_size,))]
        rotated, k = rotate_batch(x)
        loss = F.cross_entropy(rot_head(backbone(rotated)), k)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 20 == 0:
            print(f"pretext step {step}: rotation loss {loss.item():.4f}")
