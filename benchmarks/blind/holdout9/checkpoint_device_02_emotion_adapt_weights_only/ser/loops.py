import torch
import torch.nn.functional as F


def fit(model, loader, params, lr, epochs, tag):
    opt = torch.optim.Adam(params, lr=lr)
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"[{tag}] epoch {epoch + 1}: loss {loss.item():.3f}")


@torch.no_grad()
def accuracy(model, x, y):
    model.eval()
    return (model(x).argmax(1) == y).float().mean().item()
