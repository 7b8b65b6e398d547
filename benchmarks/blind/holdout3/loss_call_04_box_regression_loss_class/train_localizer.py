import torch
from torch.utils.data import DataLoader

from detector.losses import SingleObjectLoss
from detector.net import Localizer
from detector.shapes import CLASSES, ShapesDataset

EPOCHS = 2
BATCH = 32


def box_iou(a, b):
    a1, a2 = a[:, :2] - a[:, 2:] / 2, a[:, :2] + a[:, 2:] / 2
    b1, b2 = b[:, :2] - b[:, 2:] / 2, b[:, :2] + b[:, 2:] / 2
    inter = (torch.min(a2, b2) - torch.max(a1, b1)).clamp(min=0).prod(1)
    return inter / (a[:, 2:].prod(1) + b[:, 2:].prod(1) - inter)


def main():
    torch.manual_seed(0)
    train_dl = DataLoader(ShapesDataset(192, seed=1), batch_size=BATCH, shuffle=True)
    val_dl = DataLoader(ShapesDataset(64, seed=2), batch_size=BATCH)
    model = Localizer(len(CLASSES))
    criterion = SingleObjectLoss(box_weight=5.0)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)

    for epoch in range(EPOCHS):
        model.train()
        for it, (img, cls, box) in enumerate(train_dl):
            cls_logits, box_pred = model(img)
            loss, parts = criterion(cls_logits, box_pred, cls, box)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if it % 3 == 0:
                print(f"ep {epoch} it {it}: loss {loss.item():.3f} cls {parts['cls']:.3f} box {parts['box']:.4f}")
        model.eval()
        ious, acc = [], []
        with torch.no_grad():
            for img, cls, box in val_dl:
                cl, bp = model(img)
                ious.append(box_iou(bp.sigmoid(), box))
                acc.append((cl.argmax(1) == cls).float())
        print(f"epoch {epoch}: val acc {torch.cat(acc).mean():.3f}, mean IoU {torch.cat(ious).mean():.3f}")


if __name__ == "__main__":
    main()
