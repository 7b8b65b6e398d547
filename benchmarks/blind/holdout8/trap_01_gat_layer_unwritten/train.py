import json
import sys

import torch
import torch.nn.functional as F

from graphnet.graph import normalize_adjacency, split_masks, stochastic_block_graph
from graphnet.model import NodeClassifier


def accuracy(logits, labels, mask):
    return (logits[mask].argmax(-1) == labels[mask]).float().mean().item()


def main(config_path="config.json"):
    with open(config_path) as f:
        cfg = json.load(f)
    gcfg, mcfg, ocfg = cfg["graph"], cfg["model"], cfg["optim"]
    torch.manual_seed(gcfg["seed"])

    x, adj, labels = stochastic_block_graph(**gcfg)
    adj_norm = normalize_adjacency(adj)
    train_mask, val_mask, test_mask = split_masks(x.size(0), gcfg["seed"])
    train_idx = train_mask.nonzero().squeeze(1)

    model = NodeClassifier(gcfg["num_features"], mcfg["hidden"], gcfg["num_classes"],
                           conv=mcfg["conv"], heads=mcfg["heads"],
                           num_layers=mcfg["num_layers"], dropout=mcfg["dropout"])
    opt = torch.optim.Adam(model.parameters(), lr=ocfg["lr"], weight_decay=ocfg["weight_decay"])

    for epoch in range(ocfg["epochs"]):
        model.train()
        perm = train_idx[torch.randperm(train_idx.numel())]
        for i in range(0, perm.numel(), ocfg["batch_size"]):
            batch = perm[i:i + ocfg["batch_size"]]
            opt.zero_grad()
            logits = model(x, adj_norm)
            loss = F.cross_entropy(logits[batch], labels[batch])
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            logits = model(x, adj_norm)
        print(f"epoch {epoch + 1} loss {loss.item():.4f} "
              f"val {accuracy(logits, labels, val_mask):.3f} test {accuracy(logits, labels, test_mask):.3f}")


if __name__ == "__main__":
    main(*sys.argv[1:])
