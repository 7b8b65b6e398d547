import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml

from heavy import ForeachSOAP


def build_model(cfg):
    return nn.Sequential(
        nn.Linear(cfg['in_features'], cfg['hidden']),
        nn.GELU(),
        nn.Linear(cfg['hidden'], cfg['hidden']),
        nn.GELU(),
        nn.Linear(cfg['hidden'], cfg['classes']),
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--config', default='configs/mlp_bf16.yaml')
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)

    torch.manual_seed(cfg['seed'])
    dtype = getattr(torch, cfg['dtype'])

    teacher = torch.randn(cfg['in_features'], cfg['classes'])
    model = build_model(cfg).to(dtype)
    opt = ForeachSOAP(model.parameters(), **{k: (tuple(v) if isinstance(v, list) else v)
                                             for k, v in cfg['optimizer'].items()})

    for step in range(cfg['steps']):
        x = torch.randn(cfg['batch_size'], cfg['in_features'])
        y = (x @ teacher).argmax(1)
        logits = model(x.to(dtype))
        loss = F.cross_entropy(logits.float(), y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        print(f'step {step:3d} loss {loss.item():.4f}')


if __name__ == '__main__':
    main()
