import torch

from .data import batches


def fit(model, data, loss_fn, cfg):
    torch.manual_seed(cfg.seed)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    g = torch.Generator().manual_seed(cfg.seed)
    for epoch in range(cfg.epochs):
        model.train()
        running = 0.0
        for it, (ad, dense, y) in enumerate(batches(data, cfg.batch_size, g)):
            logits = model(ad, dense)
            loss = loss_fn(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
            if (it + 1) % cfg.log_every == 0:
                print(f"[epoch {epoch}] iter {it + 1:4d}  loss: {running / cfg.log_every:.4f}")
                running = 0.0
    return model
