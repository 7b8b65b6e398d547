import torch

from ctr.config import TrainConfig
from ctr.data import make_click_log, batches
from ctr.model import WideDeep
from ctr.loss import bce_loss
from ctr.engine import fit

if __name__ == "__main__":
    cfg = TrainConfig()
    torch.manual_seed(cfg.seed)
    train = make_click_log(cfg.n_rows, cfg.n_ads, seed=cfg.seed)
    model = WideDeep(n_ads=cfg.n_ads, n_dense=train["dense"].shape[1], emb_dim=cfg.emb_dim)
    fit(model, train, bce_loss, cfg)
