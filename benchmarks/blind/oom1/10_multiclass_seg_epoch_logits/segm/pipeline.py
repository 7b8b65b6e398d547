import torch
import torch.nn.functional as F

from segm.data import iterate, make_scenes
from segm.net import SegHead


def mean_iou(logits, labels, n_classes):
    pred = logits.argmax(1)
    ious = []
    for c in range(n_classes):
        inter = ((pred == c) & (labels == c)).sum()
        union = ((pred == c) | (labels == c)).sum()
        if union > 0:
            ious.append((inter / union).item())
    return sum(ious) / len(ious)


def evaluate(model, images, labels, cfg):
    model.eval()
    all_logits, all_labels = [], []
    with torch.no_grad():
        for x, y in iterate(images, labels, cfg.batch_size):
            all_logits.append(model(x))
            all_labels.append(y)
    return mean_iou(torch.cat(all_logits), torch.cat(all_labels), cfg.n_classes)


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
