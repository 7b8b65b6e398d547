import torch

from models.dncnn import MultiScaleDenoiser
from utils.losses import MultiScaleL1


def make_batch(n, size=32, sigma=0.15, g=None):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    imgs = []
    for _ in range(n):
        cx, cy, r, f = (torch.rand(4, generator=g) * torch.tensor([1.2, 1.2, 0.5, 6.0]) + torch.tensor([-0.6, -0.6, 0.2, 1.0]))
        disk = ((xx - cx) ** 2 + (yy - cy) ** 2 < r ** 2).float()
        imgs.append(0.5 * disk + 0.25 * torch.sin(f * xx) * torch.cos(f * yy) + 0.25)
    clean = torch.stack(imgs).unsqueeze(1)
    return clean + sigma * torch.randn(clean.shape, generator=g), clean


g = torch.Generator().manual_seed(0)
torch.manual_seed(0)
model = MultiScaleDenoiser()
criterion = MultiScaleL1()
optimizer = torch.optim.Adam(model.parameters(), lr=2e-3)
val_noisy, val_clean = make_batch(16, g=torch.Generator().manual_seed(123))

for it in range(1, 41):
    noisy, clean = make_batch(8, g=g)
    loss = criterion(model(noisy), clean)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if it % 10 == 0:
        with torch.no_grad():
            val = criterion(model(val_noisy), val_clean)
        s = criterion.last
        print(f"iter {it:4d} | train {loss.item():.5f} | val loss {val.item():.5f} | l1 full {s['l1_s0']:.4f} half {s['l1_s1']:.4f} quarter {s['l1_s2']:.4f}")
