import torch.nn.functional as F


def run(net, loader, opt, sched, epochs):
    for epoch in range(epochs):
        net.train()
        tot, correct, n = 0.0, 0, 0
        for x, y in loader:
            out = net(x)
            loss = F.cross_entropy(out, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item() * len(y)
            correct += (out.argmax(1) == y).sum().item()
            n += len(y)
        print(f"epoch {epoch:2d} lr={opt.param_groups[0]['lr']:.2e} loss={tot / n:.4f} acc={correct / n:.3f}")
