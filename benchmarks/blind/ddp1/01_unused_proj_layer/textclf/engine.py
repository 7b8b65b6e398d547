import torch
import torch.nn.functional as F
import torch.distributed as dist


def train_one_epoch(model, loader, optimizer, epoch, rank, log_every=10):
    model.train()
    total, count = 0.0, 0
    for step, (tokens, labels) in enumerate(loader):
        logits = model(tokens)
        loss = F.cross_entropy(logits, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
        count += 1
        if rank == 0 and step % log_every == 0:
            print(f"epoch {epoch} step {step} loss {loss.item():.4f}", flush=True)
    t = torch.tensor([total, count], dtype=torch.float64)
    dist.all_reduce(t)
    return (t[0] / t[1]).item()
