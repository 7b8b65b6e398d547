import torch
import torch.nn.functional as F


def _amp_ctx(device, cfg):
    dtype = getattr(torch, cfg["amp"]["dtype"])
    return torch.autocast(device_type=device.type, dtype=dtype, enabled=cfg["amp"]["enabled"])


def lm_loss(logits, labels):
    logits = logits[:, :-1].float()
    labels = labels[:, 1:]
    return F.cross_entropy(logits.reshape(-1, logits.size(-1)), labels.reshape(-1), ignore_index=-100)


def train_one_epoch(model, loader, optimizer, device, cfg):
    model.train()
    total, n = 0.0, 0
    for batch in loader:
        batch = {k: v.to(device) for k, v in batch.items()}
        with _amp_ctx(device, cfg):
            logits = model(batch["pixel_values"], batch["input_ids"])
            loss = lm_loss(logits, batch["labels"])
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["optim"]["clip"])
        optimizer.step()
        total += loss.item()
        n += 1
    return total / max(n, 1)


@torch.no_grad()
def evaluate(model, loader, device, cfg):
    model.eval()
    total, n = 0.0, 0
    for batch in loader:
        batch = {k: v.to(device) for k, v in batch.items()}
        with _amp_ctx(device, cfg):
            logits = model(batch["pixel_values"], batch["input_ids"])
        total += lm_loss(logits, batch["labels"]).item()
        n += 1
    return total / max(n, 1)
