import torch
import torch.nn as nn

from src.model import KWSTransformer

_AMP_DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": None}


def build_model(cfg):
    d, m = cfg["data"], cfg["model"]
    model = KWSTransformer(d["n_mels"], d["num_classes"], m["d_model"], m["n_heads"], m["n_layers"])
    return model


class Trainer:
    def __init__(self, cfg, model, loader):
        self.cfg = cfg
        self.model = model
        self.loader = loader
        t = cfg["train"]
        self.amp_dtype = _AMP_DTYPES[t["precision"]]
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=t["lr"], weight_decay=t["weight_decay"])
        self.scaler = torch.amp.GradScaler("cpu", enabled=self.amp_dtype == torch.float16)
        self.criterion = nn.CrossEntropyLoss()

    def train_one_epoch(self, epoch):
        self.model.train()
        total, correct, seen = 0.0, 0, 0
        for step, (x, y) in enumerate(self.loader):
            with torch.autocast("cpu", dtype=self.amp_dtype or torch.float32, enabled=self.amp_dtype is not None):
                logits = self.model(x)
                loss = self.criterion(logits, y)
            self.optimizer.zero_grad(set_to_none=True)
            self.scaler.scale(loss).backward()
            self.scaler.unscale_(self.optimizer)
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg["train"]["grad_clip"])
            self.scaler.step(self.optimizer)
            self.scaler.update()
            total += loss.item() * len(y)
            correct += (logits.argmax(1) == y).sum().item()
            seen += len(y)
        print(f"epoch {epoch}: loss {total / seen:.4f} acc {correct / seen:.3f} scale {self.scaler.get_scale()}")
