import argparse
from pathlib import Path

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from dataset import SyntheticYOLODataset
from models.yolo import DetectionModel


def compute_loss(pred, targets, nc):
    b, _, gh, gw = pred.shape
    obj_t = torch.zeros(b, gh, gw)
    box_t = torch.zeros(b, 4, gh, gw)
    cls_t = torch.zeros(b, nc, gh, gw)
    for bi, c, x, y, w, h in targets.tolist():
        gx, gy = min(int(x * gw), gw - 1), min(int(y * gh), gh - 1)
        obj_t[int(bi), gy, gx] = 1.0
        box_t[int(bi), :, gy, gx] = torch.tensor([x, y, w, h])
        cls_t[int(bi), int(c), gy, gx] = 1.0
    mask = obj_t.unsqueeze(1)
    lbox = (F.l1_loss(pred[:, :4].sigmoid(), box_t, reduction='none') * mask).sum() / mask.sum().clamp(min=1)
    lobj = F.binary_cross_entropy_with_logits(pred[:, 4], obj_t)
    lcls = (F.binary_cross_entropy_with_logits(pred[:, 5:], cls_t, reduction='none') * mask).sum() / mask.sum().clamp(min=1)
    return lbox * 7.5 + lobj + lcls * 0.5


def parse_opt():
    parser = argparse.ArgumentParser()
    parser.add_argument('--weights', type=str, default='weights/yolov10n.pt', help='initial weights path')
    parser.add_argument('--data', type=str, default='data/coco8.yaml', help='dataset.yaml path')
    parser.add_argument('--epochs', type=int, default=3)
    parser.add_argument('--batch-size', type=int, default=8)
    parser.add_argument('--lr0', type=float, default=0.01)
    parser.add_argument('--project', default='runs/train')
    return parser.parse_args()


def main(opt):
    torch.manual_seed(0)
    with open(opt.data) as f:
        data = yaml.safe_load(f)
    nc = data['nc']

    model = DetectionModel(nc=80)
    if opt.weights:
        ckpt = torch.load(opt.weights, map_location='cpu')
        csd = ckpt['model']
        model.load_state_dict(csd)
        print(f'Transferred {len(csd)}/{len(model.state_dict())} items from {opt.weights}')
    model.detect = torch.nn.Conv2d(model.detect.in_channels, 4 + 1 + nc, 1)
    model.nc = nc

    ds = SyntheticYOLODataset(data['n_train'], data['imgsz'], nc, data['max_boxes'])
    loader = DataLoader(ds, batch_size=opt.batch_size, shuffle=True, collate_fn=SyntheticYOLODataset.collate_fn)
    optimizer = torch.optim.SGD(model.parameters(), lr=opt.lr0, momentum=0.937, nesterov=True)

    for epoch in range(opt.epochs):
        model.train()
        mloss = 0.0
        for i, (imgs, targets) in enumerate(loader):
            pred = model(imgs)
            loss = compute_loss(pred, targets, nc)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            mloss = (mloss * i + loss.item()) / (i + 1)
        print(f'{epoch + 1}/{opt.epochs}  loss {mloss:.4f}')

    save_dir = Path(opt.project)
    save_dir.mkdir(parents=True, exist_ok=True)
    torch.save({'model': model.state_dict(), 'epoch': opt.epochs}, save_dir / 'last.pt')


if __name__ == '__main__':
    main(parse_opt())
