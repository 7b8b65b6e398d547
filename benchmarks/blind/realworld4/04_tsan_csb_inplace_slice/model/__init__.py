from importlib import import_module

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, args):
        super(Model, self).__init__()
        print('Making model...')
        self.scale = args.scale
        self.idx_scale = 0
        self.cpu = args.cpu
        self.device = torch.device('cpu' if args.cpu or not torch.cuda.is_available() else 'cuda')
        module = import_module('model.' + args.model.lower())
        self.model = module.make_model(args).to(self.device)
        n_params = sum(p.numel() for p in self.model.parameters())
        print('Total params: {:.2f}K'.format(n_params / 1e3))

    def forward(self, x, idx_scale):
        self.idx_scale = idx_scale
        return self.model(x.to(self.device))
