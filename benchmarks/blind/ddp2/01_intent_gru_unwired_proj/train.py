import argparse
import gc

import torch
import torch.nn as nn
import yaml
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from intent.data.synthetic import SyntheticIntents
from intent.models.classifier import IntentGRU
from intent.utils.dist import cleanup, init_distributed, is_main


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="config.yaml")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)

    rank, world_size, _ = init_distributed()
    torch.manual_seed(cfg["seed"])

    ds = SyntheticIntents(cfg["num_samples"], cfg["vocab_size"], cfg["num_classes"],
                          cfg["seq_len"], seed=cfg["seed"])
    sampler = DistributedSampler(ds, num_replicas=world_size, rank=rank, shuffle=True)
    loader = DataLoader(ds, batch_size=cfg["batch_size"], sampler=sampler)

    model = IntentGRU(cfg["vocab_size"], cfg["num_classes"], cfg["embed_dim"],
                      cfg["hidden_dim"], cfg["proj_dim"], cfg["dropout"])
    model = DDP(model)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    criterion = nn.CrossEntropyLoss()

    for epoch in range(cfg["epochs"]):
        sampler.set_epoch(epoch)
        model.train()
        total, correct, loss_sum = 0, 0, 0.0
        for tokens, labels in loader:
            opt.zero_grad()
            logits = model(tokens)
            loss = criterion(logits, labels)
            loss.backward()
            opt.step()
            loss_sum += loss.item() * labels.size(0)
            correct += (logits.argmax(-1) == labels).sum().item()
            total += labels.size(0)
        if is_main():
            print(f"epoch {epoch} loss {loss_sum / total:.4f} acc {correct / total:.3f}")

    cleanup()


if __name__ == "__main__":
    main()
    gc.collect()
