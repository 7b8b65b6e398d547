import argparse
import os

import torch
import yaml
from torch.utils.data import DataLoader

from dataset import name2dataset
from network.detector import name2network, detection_losses


def load_cfg(path):
    with open(path, 'r') as f:
        return yaml.load(f, Loader=yaml.FullLoader)


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model_dir = os.path.join('data/model', cfg['name'])
        self.network = name2network[cfg['network']](cfg)
        self.optimizer = torch.optim.Adam(self.network.parameters(), lr=cfg['lr_cfg']['lr_init'])

    def _init_network(self):
        if 'init_from' in self.cfg and self.cfg['init_from']:
            checkpoint = torch.load(self.cfg['init_from'], map_location='cpu')
            self.network.load_state_dict(checkpoint['network_state_dict'])
            print(f'==> init network from {self.cfg["init_from"]} step {checkpoint["step"]}')

    def run(self):
        self._init_network()
        train_set = name2dataset[self.cfg['train_dataset_type']](self.cfg)
        loader = DataLoader(train_set, batch_size=self.cfg['batch_size'], shuffle=True, num_workers=0)
        step = 0
        self.network.train()
        while step < self.cfg['total_step']:
            for data in loader:
                outputs = self.network(data)
                losses = detection_losses(outputs, data)
                loss = sum(losses.values())
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                step += 1
                if step % self.cfg['train_log_step'] == 0:
                    print(f'step {step} ' + ' '.join(f'{k} {v.item():.4f}' for k, v in losses.items()))
                if step >= self.cfg['total_step']:
                    break


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument('--cfg', type=str, default='configs/detector/detector_train.yaml')
    flags = parser.parse_args()
    torch.manual_seed(0)
    Trainer(load_cfg(flags.cfg)).run()
