import argparse
import json

import numpy as np
import torch

import data_loader.data_loaders as module_data
import model.loss as module_loss
import model.metric as module_metric
import model.model as module_arch
from trainer.trainer import Trainer


def init_obj(config, name, module, *args, **kwargs):
    module_name = config[name]['type']
    module_args = dict(config[name]['args'])
    module_args.update(kwargs)
    return getattr(module, module_name)(*args, **module_args)


def main(config):
    torch.manual_seed(config['seed'])
    np.random.seed(config['seed'])

    data_loader = init_obj(config, 'data_loader', module_data)
    valid_data_loader = data_loader.split_validation()

    model = init_obj(config, 'arch', module_arch)
    criterion = getattr(module_loss, config['loss'])
    metrics = [getattr(module_metric, met) for met in config['metrics']]

    trainable_params = filter(lambda p: p.requires_grad, model.parameters())
    optimizer = init_obj(config, 'optimizer', torch.optim, trainable_params)
    lr_scheduler = init_obj(config, 'lr_scheduler', torch.optim.lr_scheduler, optimizer)

    trainer = Trainer(model, criterion, metrics, optimizer,
                      config=config,
                      data_loader=data_loader,
                      valid_data_loader=valid_data_loader,
                      lr_scheduler=lr_scheduler)
    trainer.train()


if __name__ == '__main__':
    args = argparse.ArgumentParser(description='PyTorch Template')
    args.add_argument('-c', '--config', default='config.json', type=str,
                      help='config file path (default: config.json)')
    args = args.parse_args()
    with open(args.config) as f:
        config = json.load(f)
    main(config)
