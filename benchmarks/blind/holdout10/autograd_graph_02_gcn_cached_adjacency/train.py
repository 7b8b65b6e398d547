import json
import os
import sys

import torch

from gnn.graph import split_nodes, stochastic_block_model
from gnn.model import AdaptiveGCN
from gnn.trainer import NodeClassificationTrainer

HERE = os.path.dirname(os.path.abspath(__file__))


def main(cfg_path):
    with open(cfg_path) as f:
        cfg = json.load(f)
    torch.manual_seed(0)
    g = cfg["graph"]
    adj, x, y = stochastic_block_model(g["num_nodes"], g["num_classes"], g["feat_dim"],
                                       g["p_in"], g["p_out"], seed=g["seed"])
    train_idx, val_idx = split_nodes(g["num_nodes"], cfg["train"]["train_frac"], seed=g["seed"])
    m = cfg["model"]
    model = AdaptiveGCN(adj, g["feat_dim"], m["hidden"], g["num_classes"],
                        dropout=m["dropout"], learn_edges=m["learn_edges"])
    print(f"nodes={adj.size(0)} edges={int(adj.sum().item()) // 2} "
          f"params={sum(p.numel() for p in model.parameters())}")
    trainer = NodeClassificationTrainer(model, x, y, train_idx, val_idx, cfg["train"],
                                        os.path.join(HERE, cfg["out_dir"]))
    trainer.fit()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "config.json"))
