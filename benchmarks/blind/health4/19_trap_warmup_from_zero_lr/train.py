"""Tiny Transformer encoder that learns to reverse digit strings; inverse-sqrt schedule with linear warm-up from 0."""
import torch

from nmt_lite.data import reverse_task
from nmt_lite.model import TinyTransformer
from nmt_lite.schedule import warmup_inverse_sqrt

torch.manual_seed(0)
src, tgt = reverse_task(n=3000, length=8)
model = TinyTransformer(vocab=12, d_model=64, nhead=4, layers=2, max_len=8)
opt = torch.optim.Adam(model.parameters(), lr=2e-3, betas=(0.9, 0.98))
sched = warmup_inverse_sqrt(opt, warmup_steps=40)
step = 0
for epoch in range(4):
    perm = torch.randperm(len(src))
    for i in range(0, len(src), 64):
        idx = perm[i:i + 64]
        logits = model(src[idx])
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, 12), tgt[idx].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        step += 1
        if step % 15 == 1:
            print(f"step {step:4d} lr={sched.get_last_lr()[0]:.2e} loss={loss.item():.4f}")
model.eval()
with torch.no_grad():
    acc = (model(src[:500]).argmax(-1) == tgt[:500]).float().mean().item()
print(f"token accuracy (train subset, inference mode) = {acc:.3f}")
