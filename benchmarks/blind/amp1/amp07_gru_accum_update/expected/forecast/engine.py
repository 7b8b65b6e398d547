import contextlib

import torch
import torch.nn.functional as F


def amp_context(device, mode):
    if mode == "off":
        return contextlib.nullcontext()
    dtype = torch.bfloat16 if mode == "bf16" else torch.float16
    return torch.autocast(device_type=device.type, dtype=dtype)


def train_epoch(model, loader, optimizer, scaler, device, args):
    model.train()
    optimizer.zero_grad(set_to_none=True)
    total, count = 0.0, 0
    for i, (x, y) in enumerate(loader):
        x, y = x.to(device), y.to(device)
        with amp_context(device, args.amp):
            pred = model(x)
        loss = F.smooth_l1_loss(pred.float(), y, beta=0.1)
        scaler.scale(loss / args.accum_steps).backward()
        if (i + 1) % args.accum_steps == 0:
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad(set_to_none=True)
        total += loss.item() * x.size(0)
        count += x.size(0)
    return total / count


@torch.no_grad()
def evaluate(model, loader, device, args):
    model.eval()
    err, n = 0.0, 0
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        with amp_context(device, args.amp):
            pred = model(x)
        err += (pred.float() - y).abs().sum().item()
        n += y.numel()
    return err / n
