import argparse
import gc

import torch
import torch.nn.functional as F
import yaml
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from data.reviews import SyntheticReviews
from models import ReviewClassifier
from utils.dist import cleanup, init_distributed, is_main


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="configs/reviews_small.yaml")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)

    rank, world_size = init_distributed()
    torch.manual_seed(cfg["seed"])

    dcfg, mcfg = cfg["data"], cfg["model"]
    ds = SyntheticReviews(dcfg["num_samples"], dcfg["vocab_size"], dcfg["seq_len"], dcfg["num_classes"], seed=cfg["seed"])
    sampler = DistributedSampler(ds, num_replicas=world_size, rank=rank, shuffle=True, seed=cfg["seed"])
    loader = DataLoader(ds, batch_size=dcfg["batch_size"], sampler=sampler, drop_last=True)

    model = ReviewClassifier(dcfg["vocab_size"], mcfg["embed_dim"], dcfg["num_classes"], mcfg["dropout"])
    model = DDP(model)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["optim"]["lr"], weight_decay=cfg["optim"]["weight_decay"])

    step = 0
    for epoch in range(cfg["train"]["epochs"]):
        sampler.set_epoch(epoch)
        model.train()
        correct = total = 0
        for tokens, labels in loader:
            logits = model(tokens)
            loss = F.cross_entropy(logits, labels)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            correct += (logits.argmax(-1) == labels).sum().item()
            total += labels.numel()
            if is_main(rank) and step % cfg["train"]["log_every"] == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.4f}", flush=True)
            step += 1
        if is_main(rank):
            print(f"epoch {epoch} train acc (rank0 shard) {correct / max(total, 1):.3f}", flush=True)

    cleanup()


if __name__ == "__main__":
    main()
    gc.collect()
