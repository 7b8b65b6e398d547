import torch
import torch.nn.functional as F


def make_batches(x, y, batch_size, shuffle=True):
    idx = torch.randperm(len(y)) if shuffle else torch.arange(len(y))
    for s in range(0, len(y), batch_size):
        j = idx[s:s + batch_size]
        yield x[j], y[j]


def fit(model, data, hp, epochs):
    x, y, xv, yv = data
    opt = torch.optim.AdamW(model.parameters(), lr=hp["lr"])
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=hp["step_every"], gamma=0.7)
    for ep in range(epochs):
        model.train()
        for it, (xb, yb) in enumerate(make_batches(x, y, hp["batch_size"])):
            with torch.autocast("cpu", dtype=torch.bfloat16):
                loss = F.cross_entropy(model(xb), yb)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            sched.step()
            print(f"ep {ep} it {it} loss {loss.item():.3f} lr {sched.get_last_lr()[0]:.2e}", flush=True)
        model.eval()
        with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
            acc = sum((model(xb).argmax(1) == yb).sum().item()
                      for xb, yb in make_batches(xv, yv, 64, shuffle=False)) / len(yv)
        print(f"ep {ep} val acc {acc:.3f}")
    return model
