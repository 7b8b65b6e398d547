import argparse


def get_args():

    parent_parser = argparse.ArgumentParser(add_help=False)
    parent_parser.add_argument('--data_root', type=str, default='./data')
    parent_parser.add_argument('--train_data_path', type=str, default='faces_webface_112x112')
    parent_parser.add_argument('--prefix', type=str, default='default')
    parent_parser.add_argument('--gpus', type=int, default=0, help='how many gpus')
    parent_parser.add_argument('--use_16bit', action='store_true', help='if true uses 16 bit precision')
    parent_parser.add_argument('--epochs', default=1, type=int, metavar='N', help='number of total epochs to run')
    parent_parser.add_argument('--seed', type=int, default=42, help='seed for initializing training.')
    parent_parser.add_argument('--batch_size', default=16, type=int)
    parent_parser.add_argument('--lr', help='learning rate', default=0.1, type=float)
    parent_parser.add_argument('--momentum', default=0.9, type=float, metavar='M', help='momentum')
    parent_parser.add_argument('--weight_decay', default=1e-4, type=float)
    parent_parser.add_argument('--num_workers', default=0, type=int)
    parent_parser.add_argument('--arch', default='ir_18')
    parent_parser.add_argument('--head', default='adaface', type=str, choices=('adaface'))
    parent_parser.add_argument('--m', default=0.4, type=float)
    parent_parser.add_argument('--h', default=0.333, type=float)
    parent_parser.add_argument('--s', type=float, default=64.0)
    parent_parser.add_argument('--t_alpha', default=0.01, type=float)
    parent_parser.add_argument('--num_classes', default=20, type=int)
    parent_parser.add_argument('--image_size', default=16, type=int)
    parent_parser.add_argument('--embedding_size', default=64, type=int)

    args = parent_parser.parse_args()
    return args
