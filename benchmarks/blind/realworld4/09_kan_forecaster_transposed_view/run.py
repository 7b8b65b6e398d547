import argparse
import random

import numpy as np
import torch

from exp.exp_main import Exp_Main

fix_seed = 2021
random.seed(fix_seed)
torch.manual_seed(fix_seed)
np.random.seed(fix_seed)

parser = argparse.ArgumentParser(description='KAN-based time series forecasting')
parser.add_argument('--model_id', type=str, default='ETTh1_96_24', help='model id')
parser.add_argument('--root_path', type=str, default='./dataset/ETT-small/', help='root path of the data file')
parser.add_argument('--data_path', type=str, default='ETTh1.csv', help='data file')
parser.add_argument('--seq_len', type=int, default=96, help='input sequence length')
parser.add_argument('--pred_len', type=int, default=24, help='prediction sequence length')
parser.add_argument('--enc_in', type=int, default=7, help='encoder input size')
parser.add_argument('--d_model', type=int, default=64, help='dimension of model')
parser.add_argument('--grid_size', type=int, default=5, help='KAN grid size')
parser.add_argument('--train_epochs', type=int, default=10, help='train epochs')
parser.add_argument('--batch_size', type=int, default=32, help='batch size of train input data')
parser.add_argument('--learning_rate', type=float, default=0.001, help='optimizer learning rate')
parser.add_argument('--use_gpu', type=bool, default=True, help='use gpu')
args = parser.parse_args()

print('Args in experiment:')
print(args)

setting = '{}_KANMixer_sl{}_pl{}_dm{}'.format(args.model_id, args.seq_len, args.pred_len, args.d_model)
exp = Exp_Main(args)
print('>>>>>>>start training : {}>>>>>>>>>>>>>>>>>>>>>>>>>>'.format(setting))
exp.train(setting)
print('>>>>>>>testing : {}<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<'.format(setting))
exp.test(setting)
