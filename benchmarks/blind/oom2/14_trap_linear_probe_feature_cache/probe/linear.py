import torch
import torch.nn.functional as F


def train_probe(feats, y, n_classes, epochs, batch_size, lr):
    w = torch.zeros(feats.size(1), n_classes, requires_grad=True)
    b = torch.zeros(n_classes, requires_grad=True)
    opt = torch.optim.SGD([w, b], lr=lr, momentum=0.9)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)
    for ep in range(epochs):
        perm = torch.randperm(len(y))
        for i in range(0, len(y), batch_size):
            idx = perm[i:i + batch_size]
            loss = F.cross_entropy(feats[idx] @ w + b, y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        sched.step()
        print(f"epoch {ep} loss {loss.item():.4f}", flush=True)
    return w.detach(), b.detach()


@torch.no_grad()
def accuracy(feats, y, w, b, batch_size=8192):
    ok = 0
    for i in range(0, len(y), batch_size):
        ok += ((feats[i:i + batch_size] @ w + b).argmax(1) == y[i:i + batch_size]).sum().item()
    return ok / len(y)
