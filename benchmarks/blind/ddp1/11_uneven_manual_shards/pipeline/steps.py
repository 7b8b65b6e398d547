import torch
import torch.distributed as dist
import torch.nn.functional as F


def fit(model, loader, opt, epochs, rank):
    for epoch in range(epochs):
        n_batches = 0
        for feats, y in loader:
            loss = F.binary_cross_entropy_with_logits(model(feats), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            n_batches += 1
        stats = torch.tensor([loss.item(), float(n_batches)])
        dist.all_reduce(stats)
        if rank == 0:
            print(f"epoch {epoch}: last loss (sum over ranks) {stats[0]:.4f}, batches {int(stats[1])}", flush=True)
