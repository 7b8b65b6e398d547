import argparse
import pathlib
import sys

import torch
import yaml

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "src"))

from graphlab.fit import train_full_graph  # noqa: E402
from graphlab.graph import normalized_adjacency, split_masks, stochastic_block_model  # noqa: E402
from graphlab.layers import GCN  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/sbm.yaml")
    cfg = yaml.safe_load(open(ap.parse_args().config))
    torch.manual_seed(cfg["seed"])
    g = cfg["graph"]
    adj, feats, labels = stochastic_block_model(
        g["n_nodes"], g["n_communities"], g["p_in"], g["p_out"], g["n_features"], cfg["seed"])
    a_hat = normalized_adjacency(adj)
    splits = split_masks(g["n_nodes"], cfg["seed"])
    m = cfg["model"]
    model = GCN(g["n_features"], m["hidden"], g["n_communities"], m["n_layers"], m["dropout"])
    print(model)
    train_full_graph(model, feats, a_hat, labels, splits, cfg["train"])


if __name__ == "__main__":
    main()
