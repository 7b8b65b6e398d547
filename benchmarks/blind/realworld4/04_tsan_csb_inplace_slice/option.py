import argparse
import template

parser = argparse.ArgumentParser(description='TSAN super-resolution')

parser.add_argument('--template', default='.', help='You can set various templates in option.py')

# Hardware specifications
parser.add_argument('--n_threads', type=int, default=0, help='number of threads for data loading')
parser.add_argument('--cpu', action='store_true', help='use cpu only')
parser.add_argument('--seed', type=int, default=1, help='random seed')

# Data specifications
parser.add_argument('--dir_data', type=str, default='./dataset', help='dataset directory')
parser.add_argument('--data_train', type=str, default='DIV2K', help='train dataset name')
parser.add_argument('--n_train', type=int, default=32, help='number of training images')
parser.add_argument('--scale', default='2', help='super resolution scale')
parser.add_argument('--patch_size', type=int, default=48, help='output patch size')
parser.add_argument('--rgb_range', type=int, default=255, help='maximum value of RGB')
parser.add_argument('--n_colors', type=int, default=3, help='number of color channels to use')

# Model specifications
parser.add_argument('--model', default='TSAN', help='model name')
parser.add_argument('--n_feats', type=int, default=64, help='number of feature maps')
parser.add_argument('--n_denselayer', type=int, default=6, help='number of dense layers in a DRB')

# Training specifications
parser.add_argument('--epochs', type=int, default=1000, help='number of epochs to train')
parser.add_argument('--batch_size', type=int, default=16, help='input batch size for training')
parser.add_argument('--lr', type=float, default=1e-4, help='learning rate')
parser.add_argument('--print_every', type=int, default=2, help='how many batches to wait before logging training status')

args = parser.parse_args()
template.set_template(args)

args.scale = list(map(lambda x: int(x), args.scale.split('+')))

for arg in vars(args):
    if vars(args)[arg] == 'True':
        vars(args)[arg] = True
    elif vars(args)[arg] == 'False':
        vars(args)[arg] = False
