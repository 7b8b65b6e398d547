import torch.distributed as dist
import torch.nn.functional as F

from glyphs.engine.evaluate import evaluate


def is_main_process():
    return dist.get_rank() == 0


def fit(model, optimizer, train_loader, val_loader, train_sampler, epochs, eval_every=1):
    for epoch in range(epochs):
        train_sampler.set_epoch(epoch)
        model.train()
        for step, (x, y) in enumerate(train_loader):
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        if is_main_process():
            print(f"epoch {epoch}: last loss {loss.item():.4f}", flush=True)
            if (epoch + 1) % eval_every == 0:
                acc = evaluate(model, val_loader)
                print(f"epoch {epoch}: val acc {acc:.3f}", flush=True)
