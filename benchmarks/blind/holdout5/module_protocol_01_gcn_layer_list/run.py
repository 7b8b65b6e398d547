import argparse
import json
import os

import torch
import torch.nn.functional as F
import yaml

from gnn import build_model
from gnn.graph import normalize_adjacency, split_nodes, stochastic_block_graph

parser = argparse.ArgumentParser()
parser.add_argument("--config", default="configs/gcn_citation.yaml")
args = parser.parse_args()

with open(args.config) as f:
    cfg = yaml.safe_load(f)
gcfg, ocfg = cfg["graph"], cfg["optim"]
torch.manual_seed(gcfg["seed"])

x, adj, y = stochastic_block_graph(gcfg["num_nodes"], gcfg["num_classes"], gcfg["feat_dim"],
                                   gcfg["p_in"], gcfg["p_out"], seed=gcfg["seed"])
a_hat = normalize_adjacency(adj)
train_idx, test_idx = split_nodes(y, gcfg["num_classes"], gcfg["train_per_class"], seed=gcfg["seed"])
print(f"graph: {x.size(0)} nodes, {int(adj.sum().item()) // 2} edges, {len(train_idx)} labelled")

model = build_model(cfg, x.size(1), gcfg["num_classes"])
optimizer = torch.optim.Adam(model.parameters(), lr=ocfg["lr"], weight_decay=ocfg["weight_decay"])

log = []
for epoch in range(ocfg["epochs"]):
    perm = train_idx[torch.randperm(len(train_idx))]
    for start in range(0, len(perm), ocfg["batch_size"]):
        batch = perm[start:start + ocfg["batch_size"]]
        model.train()
        optimizer.zero_grad()
        out = model(x, a_hat)
        loss = F.cross_entropy(out[batch], y[batch])
        loss.backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        pred = model(x, a_hat).argmax(1)
    acc = (pred[test_idx] == y[test_idx]).float().mean().item()
    log.append({"epoch": epoch, "loss": loss.item(), "test_acc": acc})
    print(f"epoch {epoch:02d} loss {loss.item():.4f} test acc {acc:.3f}")

os.makedirs(cfg["output"], exist_ok=True)
with open(os.path.join(cfg["output"], "log.json"), "w") as f:
    json.dump(log, f)
torch.save(model.state_dict(), os.path.join(cfg["output"], "gcn.pt"))
