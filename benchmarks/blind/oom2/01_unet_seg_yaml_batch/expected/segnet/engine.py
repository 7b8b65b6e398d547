import math
import os

import torch
import torch.nn.functional as F


def dice_score(logits, mask, eps=1e-6):
    pred = logits.argmax(1)
    inter = ((pred == 1) & (mask == 1)).sum().item()
    denom = (pred == 1).sum().item() + (mask == 1).sum().item()
    return (2 * inter + eps) / (denom + eps)


def evaluate(model, loader):
    model.eval()
    dices, losses = [], []
    with torch.no_grad():
        for x, y in loader:
            out = model(x)
            losses.append(F.cross_entropy(out, y).item())
            dices.append(dice_score(out, y))
    model.train()
    return sum(losses) / len(losses), sum(dices) / len(dices)


def fit(model, train_dl, val_dl, cfg):
    t = cfg["train"]
    accum = t.get("accum_steps", 1)
    opt = torch.optim.AdamW(model.parameters(), lr=t["lr"], weight_decay=t["weight_decay"])
    # the scheduler advances once per optimizer step, not per micro-batch
    steps_per_epoch = math.ceil(len(train_dl) / accum)
    sched = torch.optim.lr_scheduler.OneCycleLR(
        opt, max_lr=t["lr"], epochs=t["epochs"], steps_per_epoch=steps_per_epoch)
    os.makedirs(t["ckpt_dir"], exist_ok=True)
    best = -1.0
    for epoch in range(t["epochs"]):
        model.train()
        opt.zero_grad(set_to_none=True)
        for step, (x, y) in enumerate(train_dl):
            out = model(x)
            loss = F.cross_entropy(out, y)
            (loss / accum).backward()
            if (step + 1) % accum == 0 or (step + 1) == len(train_dl):
                opt.step()
                sched.step()
                opt.zero_grad(set_to_none=True)
            print(f"epoch {epoch} step {step} loss {loss.item():.4f} lr {sched.get_last_lr()[0]:.2e}")
        val_loss, val_dice = evaluate(model, val_dl)
        print(f"epoch {epoch} val_loss {val_loss:.4f} dice {val_dice:.3f}")
        if val_dice > best:
            best = val_dice
            torch.save({"model": model.state_dict(), "epoch": epoch}, os.path.join(t["ckpt_dir"], "best.pt"))
    print("done, best dice", best)
