import torch
import torch.distributed as dist
import torch.nn.functional as F


def run_training(model, loader, sampler, optimizer, epochs, rank, log_batch_ids=False):
    for epoch in range(epochs):
        model.train()
        seen = torch.zeros(2)
        for step, (ids, feats, tags) in enumerate(loader):
            if log_batch_ids and step == 0 and rank == 0:
                print(f"epoch {epoch} first batch ids: {ids[:8].tolist()}", flush=True)
            loss = F.binary_cross_entropy_with_logits(model(feats), tags)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            seen += torch.tensor([loss.item() * len(ids), len(ids)])
        dist.all_reduce(seen)
        if rank == 0:
            print(f"epoch {epoch} bce {seen[0] / seen[1]:.4f}", flush=True)
