import argparse


class TrainOptions():
    def parse(self):
        parser = argparse.ArgumentParser(formatter_class=argparse.ArgumentDefaultsHelpFormatter)
        parser.add_argument('--name', type=str, default='xray_CUT')
        parser.add_argument('--input_nc', type=int, default=3, help='# of input image channels: 3 for RGB and 1 for grayscale')
        parser.add_argument('--output_nc', type=int, default=3, help='# of output image channels: 3 for RGB and 1 for grayscale')
        parser.add_argument('--ngf', type=int, default=16)
        parser.add_argument('--ndf', type=int, default=16)
        parser.add_argument('--n_blocks', type=int, default=1)
        parser.add_argument('--load_size', type=int, default=26)
        parser.add_argument('--crop_size', type=int, default=24)
        parser.add_argument('--preprocess', type=str, default='resize_and_crop')
        parser.add_argument('--no_flip', action='store_true')
        parser.add_argument('--batch_size', type=int, default=4)
        parser.add_argument('--n_epochs', type=int, default=2)
        parser.add_argument('--lr', type=float, default=0.0002)
        parser.add_argument('--beta1', type=float, default=0.5)
        parser.add_argument('--lambda_idt', type=float, default=5.0)
        parser.add_argument('--dataset_size', type=int, default=20)
        return parser.parse_args()
