import argparse

import torch

from ibug.face_parsing import RTNetPredictor


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--device', '-d', default='cpu')
    parser.add_argument('--encoder', '-e', default='rtnet50')
    parser.add_argument('--decoder', default='fcn')
    parser.add_argument('--num-classes', '-n', type=int, default=11)
    args = parser.parse_args()

    face_parser = RTNetPredictor(device=args.device, encoder=args.encoder, decoder=args.decoder,
                                 num_classes=args.num_classes)
    frames = torch.rand(4, 3, 128, 128)
    masks = face_parser.predict_img(frames)
    print('parsed', masks.shape, 'classes present:', masks.unique().tolist())


if __name__ == '__main__':
    main()
