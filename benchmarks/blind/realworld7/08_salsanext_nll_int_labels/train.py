#!/usr/bin/env python3
import argparse

import torch
import yaml

from modules.trainer import Trainer

if __name__ == '__main__':
    parser = argparse.ArgumentParser("./train.py")
    parser.add_argument('--arch_cfg', '-ac', type=str, default='config/arch/salsanext.yml',
                        help='Architecture yaml cfg file. See /config/arch for sample.')
    parser.add_argument('--data_cfg', '-dc', type=str, default='config/labels/semantic-kitti.yaml',
                        help='Classification yaml cfg file. See /config/labels for sample.')
    parser.add_argument('--log', '-l', type=str, default='logs/', help='Directory to put the log data.')
    FLAGS, unparsed = parser.parse_known_args()

    print("----------")
    print("INTERFACE:")
    print("arch_cfg", FLAGS.arch_cfg)
    print("data_cfg", FLAGS.data_cfg)
    print("----------\n")

    ARCH = yaml.safe_load(open(FLAGS.arch_cfg, 'r'))
    DATA = yaml.safe_load(open(FLAGS.data_cfg, 'r'))
    torch.manual_seed(1024)
    trainer = Trainer(ARCH, DATA, logdir=FLAGS.log)
    trainer.train()
