import os
import torch
from networks.unetr import UNETR
from trainer import dice_acc
from utils.data_utils import get_loader


def run_test(args):
    val_loader = get_loader(args, train=False)
    pretrained_pth = os.path.join(args.pretrained_dir, args.pretrained_model_name)
    model = UNETR(in_channels=args.in_channels, out_channels=args.out_channels, img_size=args.roi_x,
                  feature_size=args.feature_size)
    model_dict = torch.load(pretrained_pth)
    model.load_state_dict(model_dict)
    model.eval()
    with torch.no_grad():
        accs = [dice_acc(model(x), y, args.out_channels) for x, y in val_loader]
    print("Overall Mean Dice: {}".format(sum(accs) / len(accs)))
