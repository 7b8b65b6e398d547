import argparse

import numpy as np
import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from tagger.dataset import SyntheticClips
from tagger.mix import mixup
from tagger.model import CRNNTagger


def train_step(model, optimizer, batch, cfg, rng):
    model.train()
    mel, soft_target = mixup(batch, cfg['num_classes'], cfg['mixup_alpha'], rng)
    logits = model(mel)
    loss = F.binary_cross_entropy_with_logits(logits, soft_target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss.item()


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct, total = 0, 0
    for batch in loader:
        pred = model(batch['mel']).argmax(1)
        correct += (pred == batch['target']).sum().item()
        total += batch['target'].numel()
    return correct / total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--config', default='config.yaml')
    args = parser.parse_args()
    cfg = yaml.safe_load(open(args.config))

    torch.manual_seed(cfg['seed'])
    rng = np.random.RandomState(cfg['seed'])
    train_ds = SyntheticClips(cfg['train_clips'], cfg['num_classes'], cfg['n_mels'], cfg['frames'], seed=1)
    val_ds = SyntheticClips(cfg['val_clips'], cfg['num_classes'], cfg['n_mels'], cfg['frames'], seed=2)
    train_loader = DataLoader(train_ds, batch_size=cfg['batch_size'], shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=cfg['batch_size'])

    model = CRNNTagger(cfg['n_mels'], cfg['num_classes'])
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg['lr'])
    for epoch in range(cfg['epochs']):
        losses = [train_step(model, optimizer, batch, cfg, rng) for batch in train_loader]
        print(f'epoch {epoch}: bce {np.mean(losses):.4f} val_acc {evaluate(model, val_loader):.3f}')


if __name__ == '__main__':
    main()
