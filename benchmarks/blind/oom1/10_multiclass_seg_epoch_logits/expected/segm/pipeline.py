import torch
import torch.nn.functional as F

from segm.data import iterate, make_scenes
from segm.net import SegHead


def confusion(logits, labels, n_classes):
    pred = logits.argmax(1)
    return torch.bincount(labels.flatten() * n_classes + pred.flatten(),
                          minlength=n_classes * n_classes).view(n_classes, n_classes)


def mean_iou(conf):
    inter = conf.diag().float()
    union = conf.sum(0) + conf.sum(1) - conf.diag()
    valid = union > 0
    return (inter[valid] / union[valid]).mean().item()


def evaluate(model, images, labels, cfg):
    model.eval()
    conf = torch.zeros(cfg.n_classes, cfg.n_classes, dtype=torch.long)
    with torch.no_grad():
        for x, y in iterate(images, labels, cfg.batch_size):
            conf += confusion(model(x), y, cfg.n_classes)
    return mean_iou(conf)


def main(cfg):
    torch.manual_seed(0)
    tr_x, tr_y = make_scenes(cfg.n_train, cfg.size, cfg.n_classes, seed=0)
    va_x, va_y = make_scenes(cfg.n_val, cfg.size, cfg.n_classes, seed=1)
    model = SegHead(cfg.n_classes, cfg.width)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        model.train()
        for x, y in iterate(tr_x, tr_y, cfg.batch_size, shuffle=True):
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} loss {loss.item():.3f} val mIoU {evaluate(model, va_x, va_y, cfg):.3f}")
