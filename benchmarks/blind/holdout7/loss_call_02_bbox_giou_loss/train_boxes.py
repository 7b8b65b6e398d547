import argparse
from pathlib import Path

import torch
from torch.utils.data import DataLoader

from boxes.data import SingleObjectImages
from boxes.losses import BoxRegressionLoss
from boxes.model import BoxNet
from boxes.ops import cxcywh_to_xyxy, generalized_iou

HERE = Path(__file__).resolve().parent


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--n-train", type=int, default=320)
    p.add_argument("--n-valid", type=int, default=96)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--out", default=str(HERE / "work"))
    args = p.parse_args()
    torch.manual_seed(0)

    train_dl = DataLoader(SingleObjectImages(args.n_train, seed=1), batch_size=args.batch_size, shuffle=True)
    valid_dl = DataLoader(SingleObjectImages(args.n_valid, seed=2), batch_size=args.batch_size)

    model = BoxNet()
    criterion = BoxRegressionLoss()
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    best = -1.0
    for epoch in range(args.epochs):
        model.train()
        running = 0.0
        for imgs, boxes in train_dl:
            optimizer.zero_grad()
            loss = criterion(model(imgs), boxes)
            loss.backward()
            optimizer.step()
            running += loss.item() * imgs.size(0)
        model.eval()
        gious = []
        with torch.no_grad():
            for imgs, boxes in valid_dl:
                gious.append(generalized_iou(cxcywh_to_xyxy(model(imgs)), cxcywh_to_xyxy(boxes)))
        mean_giou = torch.cat(gious).mean().item()
        print(f"epoch {epoch}: loss {running / len(train_dl.dataset):.4f} val GIoU {mean_giou:.4f}")
        if mean_giou > best:
            best = mean_giou
            torch.save({"model": model.state_dict(), "epoch": epoch, "giou": best}, out / "boxnet_best.pt")


if __name__ == "__main__":
    main()
