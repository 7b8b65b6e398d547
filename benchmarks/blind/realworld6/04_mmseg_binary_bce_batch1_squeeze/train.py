import argparse
import os.path as osp
import runpy
import time

import torch
from torch.utils.data import DataLoader

from mmseg_lite.datasets import DRIVEDataset
from mmseg_lite.models.segmentor import EncoderDecoder


def parse_args():
    parser = argparse.ArgumentParser(description='Train a segmentor')
    parser.add_argument('config', help='train config file path')
    parser.add_argument('--work-dir', help='the dir to save logs and models')
    parser.add_argument('--seed', type=int, default=None, help='random seed')
    return parser.parse_args()


def main():
    args = parse_args()
    cfg = {k: v for k, v in runpy.run_path(args.config).items()
           if not k.startswith('__')}
    seed = args.seed if args.seed is not None else cfg.get('seed', 0)
    torch.manual_seed(seed)
    print('Config: {}'.format(osp.basename(args.config)))

    model_cfg = dict(cfg['model'])
    assert model_cfg.pop('type') == 'EncoderDecoder'
    model = EncoderDecoder(**model_cfg)

    data_cfg = dict(cfg['data']['train'])
    assert data_cfg.pop('type') == 'DRIVEDataset'
    dataset = DRIVEDataset(**data_cfg)
    loader = DataLoader(dataset,
                        batch_size=cfg['data']['samples_per_gpu'],
                        num_workers=cfg['data']['workers_per_gpu'],
                        shuffle=True)

    opt_cfg = dict(cfg['optimizer'])
    assert opt_cfg.pop('type') == 'SGD'
    optimizer = torch.optim.SGD(model.parameters(), **opt_cfg)

    max_iters = cfg['runner']['max_iters']
    interval = cfg['log_config']['interval']
    it = 0
    model.train()
    t0 = time.time()
    while it < max_iters:
        for data_batch in loader:
            losses = model.forward_train(**data_batch)
            loss = sum(v for v in losses.values())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            it += 1
            if it % interval == 0:
                print('Iter [{}/{}]  {}  time: {:.3f}'.format(
                    it, max_iters,
                    ', '.join('{}: {:.4f}'.format(k, v.item())
                              for k, v in losses.items()),
                    time.time() - t0))
            if it >= max_iters:
                break


if __name__ == '__main__':
    main()
