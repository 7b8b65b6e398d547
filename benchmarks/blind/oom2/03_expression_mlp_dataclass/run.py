import torch

from expr.config import Config
from expr.data import ExpressionMatrix
from expr.model import CellTypeMLP
from expr.trainer import Trainer


def main():
    cfg = Config()
    torch.manual_seed(cfg.data.seed)
    d = cfg.data
    train_set = ExpressionMatrix(d.n_train, d.n_genes, d.n_types, d.seed)
    val_set = ExpressionMatrix(d.n_val, d.n_genes, d.n_types, d.seed + 1)
    model = CellTypeMLP(d.n_genes, d.n_types, cfg.model.hidden, cfg.model.depth, cfg.model.dropout)
    best = Trainer(model, cfg.train, train_set, val_set).fit()
    print(f"best val acc {best:.3f}")


if __name__ == "__main__":
    main()
