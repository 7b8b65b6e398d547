import argparse

import torch

from gnn.config import TrainConfig
from gnn.data import make_synthetic_graph
from gnn.model import NodeClassifier
from gnn.trainer import Trainer


def parse_args():
    p = argparse.ArgumentParser(description="Node classification on a synthetic graph")
    p.add_argument("--epochs", type=int, default=5)
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--no-amp", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    cfg = TrainConfig(epochs=args.epochs, hidden=args.hidden, num_layers=args.layers,
                      lr=args.lr, use_amp=not args.no_amp)
    torch.manual_seed(cfg.seed)
    graph = make_synthetic_graph(cfg.num_nodes, cfg.num_edges, cfg.in_dim, cfg.num_classes, seed=cfg.seed)
    model = NodeClassifier(cfg.in_dim, cfg.hidden, cfg.num_classes, cfg.num_layers)
    trainer = Trainer(model, graph, cfg)
    history = trainer.fit()
    print(f"final train loss={history[-1]['loss']:.4f} val acc={history[-1]['val_acc']:.3f}")


if __name__ == "__main__":
    main()
