import torch
import torch.nn as nn


def fit(model, x, y, epochs=4, lr=3e-3, batch_size=64):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    crit = nn.MSELoss()
    for ep in range(epochs):
        perm = torch.randperm(len(x))
        running = []
        for b in range(0, len(x), batch_size):
            idx = perm[b:b + batch_size]
            pred = model(x[idx])
            loss = crit(pred, y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            running.append(loss.item())
        print(f"ep {ep + 1}/{epochs} loss={sum(running) / len(running):.4f}")
