import torch
import torch.nn.functional as F

from towers import SharedBottom

TASKS = ["click", "like", "share"]
torch.manual_seed(0)
g = torch.Generator().manual_seed(0)
W = torch.randn(12, 3)
model = SharedBottom(12, TASKS)
opt = torch.optim.Adam(model.parameters(), lr=5e-3)
print("parameters:", sum(p.numel() for p in model.parameters()))
for epoch in range(6):
    tot = {t: 0.0 for t in TASKS}
    for _ in range(15):
        x = torch.randn(64, 12, generator=g)
        logits = x @ W
        y = {t: (torch.rand(64, generator=g) < torch.sigmoid(2 * logits[:, k])).float() for k, t in enumerate(TASKS)}
        out = model(x)
        losses = {t: F.binary_cross_entropy_with_logits(out[t], y[t]) for t in TASKS}
        loss = sum(losses.values())
        opt.zero_grad()
        loss.backward()
        opt.step()
        for t in TASKS:
            tot[t] += losses[t].item() / 15
    print(f"epoch {epoch} total {sum(tot.values()):.4f} " + " ".join(f"{t}={v:.4f}" for t, v in tot.items()))
