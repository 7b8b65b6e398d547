from dataclasses import dataclass

import torch
import torch.nn.functional as F


@dataclass
class FinetuneConfig:
    vocab: int = 200
    seq_len: int = 24
    d_model: int = 32
    n_heads: int = 4
    n_layers: int = 1
    num_classes: int = 3
    batch_size: int = 32
    epochs: int = 5
    backbone_lr: float = 5e-4
    head_lr: float = 5e-3
    weight_decay: float = 0.01


def load_pretrained(model, state, num_classes):
    backbone_state = {k: v for k, v in state.items() if not k.startswith("classifier.")}
    missing, unexpected = model.load_state_dict(backbone_state, strict=False)
    assert not unexpected, unexpected
    if model.classifier.out_features != num_classes:
        model.resize_head(num_classes)
    return model


def param_groups(model, cfg):
    head = list(model.classifier.parameters())
    head_ids = {id(p) for p in head}
    backbone = [p for p in model.parameters() if id(p) not in head_ids]
    return [
        {"params": backbone, "lr": cfg.backbone_lr},
        {"params": head, "lr": cfg.head_lr},
    ]


class FineTuner:
    def __init__(self, model, cfg, pretrained_state=None):
        self.cfg = cfg
        self.model = model
        if pretrained_state is not None:
            self.model = load_pretrained(model, pretrained_state, cfg.num_classes)
        self.optimizer = torch.optim.AdamW(param_groups(self.model, cfg), weight_decay=cfg.weight_decay)

    def _epoch(self, loader, train):
        self.model.train(train)
        total, correct, n = 0.0, 0, 0
        for x, y in loader:
            with torch.set_grad_enabled(train):
                logits = self.model(x)
                loss = F.cross_entropy(logits, y)
            if train:
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            total += loss.item() * y.size(0)
            correct += (logits.argmax(-1) == y).sum().item()
            n += y.size(0)
        return total / n, correct / n

    def fit(self, train_loader, val_loader):
        for epoch in range(1, self.cfg.epochs + 1):
            tr_loss, tr_acc = self._epoch(train_loader, True)
            va_loss, va_acc = self._epoch(val_loader, False)
            print(
                f"[finetune] epoch {epoch}/{self.cfg.epochs} loss {tr_loss:.4f} acc {tr_acc:.3f} "
                f"| val loss {va_loss:.4f} acc {va_acc:.3f}"
            )
