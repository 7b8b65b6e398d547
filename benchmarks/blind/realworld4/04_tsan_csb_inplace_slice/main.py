import torch

import data
import model
import loss
from option import args
from trainer import Trainer

torch.manual_seed(args.seed)

if __name__ == '__main__':
    loader = data.Data(args)
    _model = model.Model(args)
    _loss = loss.Loss(args)
    t = Trainer(args, loader, _model, _loss)
    while not t.terminate():
        t.train()
    print('Finished training.')
