import argparse
import runpy

import torch

from dataset import SynthText
from models import build_model


def test(test_loader, model, cfg):
    model.eval()
    ious = []
    for idx, data in enumerate(test_loader):
        with torch.no_grad():
            outputs = model(data['imgs'])
        pred = (outputs['det_out'][:, 0] > cfg.test_cfg['min_score']).float()
        inter = (pred * data['gt_texts']).sum()
        union = ((pred + data['gt_texts']) > 0).float().sum()
        ious.append((inter / union.clamp(min=1)).item())
    print('Testing: text iou %.4f' % (sum(ious) / len(ious)))


def main(cfg, checkpoint):
    data_loader = SynthText(**cfg.data['test'])
    test_loader = torch.utils.data.DataLoader(data_loader, batch_size=1, shuffle=False)

    model = build_model(cfg.model)

    if checkpoint is not None:
        print("Loading model and optimizer from checkpoint '{}'".format(checkpoint))
        checkpoint = torch.load(checkpoint, map_location='cpu')
        model.load_state_dict(checkpoint['state_dict'])

    test(test_loader, model, cfg)


class Config(dict):
    @staticmethod
    def fromfile(path):
        cfg = Config(runpy.run_path(path))
        for k in list(cfg):
            if k.startswith('__'):
                cfg.pop(k)
        return cfg

    def __getattr__(self, name):
        return self[name]


if __name__ == '__main__':
    parser = argparse.ArgumentParser(description='Hyperparams')
    parser.add_argument('config', help='config file path')
    parser.add_argument('checkpoint', nargs='?', type=str, default=None)
    args = parser.parse_args()
    main(Config.fromfile(args.config), args.checkpoint)
