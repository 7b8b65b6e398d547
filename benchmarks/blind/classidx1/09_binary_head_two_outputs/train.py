import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from fraud.data import build_datasets
from fraud.engine import Engine
from fraud.model import FraudMLP


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('-c', '--config', default='config.yaml')
    args = parser.parse_args()
    cfg = yaml.safe_load(open(args.config))

    torch.manual_seed(cfg['data']['seed'])
    train_set, val_set = build_datasets(cfg['data'])
    train_loader = DataLoader(train_set, batch_size=cfg['train']['batch_size'], shuffle=True)
    val_loader = DataLoader(val_set, batch_size=cfg['train']['batch_size'])

    m = cfg['model']
    model = FraudMLP(cfg['data']['n_features'], m['hidden_sizes'], m['num_outputs'], m['dropout'])
    engine = Engine(model, cfg)
    for epoch in range(cfg['train']['epochs']):
        loss = engine.train_one_epoch(train_loader)
        auc = engine.validate(val_loader)
        print(f"[{cfg['experiment']}] epoch {epoch} loss {loss:.4f} val_auc {auc:.4f}")


if __name__ == '__main__':
    main()
