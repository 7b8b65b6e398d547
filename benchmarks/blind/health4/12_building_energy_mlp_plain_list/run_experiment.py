import torch

from energy.config import ExperimentConfig
from energy.dataset import building_loads
from energy.nets.deep_mlp import DeepRegressor
from energy.trainer import Trainer

if __name__ == "__main__":
    cfg = ExperimentConfig()
    torch.manual_seed(cfg.seed)
    train_set, n_features = building_loads(cfg.n_buildings, cfg.seed)
    net = DeepRegressor(n_features, cfg.layer_sizes, cfg.dropout)
    Trainer(net, cfg).fit(train_set)
