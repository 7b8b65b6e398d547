import sys
import yaml
import torch

from finetune.build import build_model_and_optimizer
from finetune.data import stripe_textures
from finetune.loops import train_epoch

cfg = yaml.safe_load(open(sys.argv[1] if len(sys.argv) > 1 else "configs.yaml"))
torch.manual_seed(0)
loader = stripe_textures(cfg["n_train"], cfg["num_classes"], cfg["batch_size"])
model, optimizer = build_model_and_optimizer(cfg)
for epoch in range(cfg["epochs"]):
    loss, acc = train_epoch(model, loader, optimizer)
    print(f"epoch {epoch}: loss={loss:.4f} acc={acc:.3f}")
