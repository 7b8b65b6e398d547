import torch
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer, amp=True):
    model.train()
    total = 0.0
    for x1, x2 in loader:
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=amp):
            p1, p2, z1, z2 = model(x1, x2)
            loss = -(F.cosine_similarity(p1, z2).mean() + F.cosine_similarity(p2, z1).mean()) * 0.5
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
    return total / len(loader)
