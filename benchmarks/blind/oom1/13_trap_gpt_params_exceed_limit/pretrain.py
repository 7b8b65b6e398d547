import yaml
import torch

from lm.gpt import GPT
from lm.data import random_token_stream

cfg = yaml.safe_load(open("config.yaml"))
m, t = cfg["model"], cfg["train"]
torch.manual_seed(0)
model = GPT(**m)
print(f"params: {sum(p.numel() for p in model.parameters()) / 1e9:.2f}B")
opt = torch.optim.AdamW(model.parameters(), lr=t["lr"])
for step, (x, y) in enumerate(random_token_stream(m["vocab_size"], t["batch_size"], t["seq_len"], t["steps"])):
    logits = model(x)
    loss = torch.nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), y.view(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, loss.item())
