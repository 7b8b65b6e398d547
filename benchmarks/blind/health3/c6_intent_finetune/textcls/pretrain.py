import copy

import torch
import torch.nn.functional as F


def pretrain_source_model(model, loader, epochs=2, lr=3e-3):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    model.train()
    for epoch in range(epochs):
        total, n = 0.0, 0
        for x, y in loader:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * y.size(0)
            n += y.size(0)
        print(f"[pretrain] epoch {epoch + 1}/{epochs} loss {total / n:.4f}")
    return copy.deepcopy(model.state_dict())
