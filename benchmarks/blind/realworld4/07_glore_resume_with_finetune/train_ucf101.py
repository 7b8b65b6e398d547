import os
import logging
import argparse

import torch
import yaml

from train_model import train_model
from network.symbol_builder import get_symbol

parser = argparse.ArgumentParser(description="PyTorch Video Classification Parser")
parser.add_argument('--config', type=str, default='config.yaml', help="experiment config (yaml)")
parser.add_argument('--random-seed', type=int, default=1, help='random seed (default: 1)')


def autofill(args):
    # customized
    if not args.task_name:
        args.task_name = os.path.basename(os.getcwd())
    # fixed
    args.model_prefix = os.path.join(args.model_dir, args.task_name)
    return args


def set_logger(log_file='', debug_mode=False):
    logging.basicConfig(level=logging.DEBUG if debug_mode else logging.INFO,
                        format='%(asctime)s %(levelname)s: %(message)s')


if __name__ == "__main__":
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    for k, v in cfg.items():
        setattr(args, k, v)
    args = autofill(args)

    set_logger(debug_mode=args.debug_mode)
    logging.info("Using pytorch {} ({})".format(torch.__version__, torch.__path__))
    logging.info("Start training with args:\n" +
                 "\n".join(["  {}: {}".format(k, v) for k, v in sorted(vars(args).items())]))

    torch.manual_seed(args.random_seed)

    # creat model with all parameters initialized
    net, input_conf = get_symbol(name=args.network, print_net=False, num_classes=args.num_classes,
                                 pretrained=args.pretrained)

    # training
    kwargs = {}
    kwargs.update(vars(args))
    train_model(sym_net=net, input_conf=input_conf, **kwargs)
