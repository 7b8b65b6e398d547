import torch
import torch.nn as nn
import yaml

from trainer.sched import warmup_cosine

cfg = yaml.safe_load(open("config.yaml"))
torch.manual_seed(0)
g = torch.Generator().manual_seed(0)
W_true = torch.randn(20, 5)
model = nn.Sequential(nn.Linear(20, 32), nn.Tanh(), nn.Linear(32, 5))
opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
sched = warmup_cosine(opt, cfg["warmup_steps"], cfg["epochs"] * cfg["steps_per_epoch"])
print("lr at step 0:", opt.param_groups[0]["lr"])
for epoch in range(cfg["epochs"]):
    tot = 0.0
    for _ in range(cfg["steps_per_epoch"]):
        x = torch.randn(cfg["batch_size"], 20, generator=g)
        y = (x @ W_true).argmax(1)
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        tot += loss.item()
    print(f"epoch {epoch} loss={tot / cfg['steps_per_epoch']:.4f} lr={opt.param_groups[0]['lr']:.2e}")
