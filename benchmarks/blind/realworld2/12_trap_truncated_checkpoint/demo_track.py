import argparse

import torch

from models.bytetrack_head import YOLOXTiny


def make_parser():
    parser = argparse.ArgumentParser("ByteTrack Demo!")
    parser.add_argument("-c", "--ckpt", default="checkpoints/bytetrack_tiny_mot17.pth.tar", type=str)
    parser.add_argument("--fp16", action="store_true")
    parser.add_argument("--frames", type=int, default=8)
    return parser


def main(args):
    model = YOLOXTiny()
    model.eval()
    print("loading checkpoint")
    ckpt = torch.load(args.ckpt, map_location="cpu")
    model.load_state_dict(ckpt["model"])
    print("loaded checkpoint done.")
    with torch.no_grad():
        for frame_id in range(args.frames):
            img = torch.rand(1, 3, 128, 128)
            cls, reg, obj = model(img)
            dets = (obj.sigmoid() > 0.5).sum().item()
            print(f"frame {frame_id}: {dets} detections")


if __name__ == "__main__":
    main(make_parser().parse_args())
