import yaml
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from dataset import BlobSegmentation
from unet import UNet


def dice_score(logits, target, eps=1e-6):
    pred = (torch.sigmoid(logits) > 0.5).float()
    inter = (pred * target).sum()
    return (2 * inter + eps) / (pred.sum() + target.sum() + eps)


def main(cfg_path="config.yaml"):
    with open(cfg_path) as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(0)

    dcfg, mcfg, tcfg = cfg["data"], cfg["model"], cfg["train"]
    train_ds = BlobSegmentation(dcfg["num_train"], dcfg["image_size"], seed=0)
    val_ds = BlobSegmentation(dcfg["num_val"], dcfg["image_size"], seed=1)
    train_loader = DataLoader(train_ds, batch_size=tcfg["batch_size"], shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=tcfg["batch_size"])

    model = UNet(mcfg["in_channels"], mcfg["out_channels"], tuple(mcfg["features"]))
    loss_fn = nn.BCEWithLogitsLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=tcfg["lr"])

    for epoch in range(tcfg["epochs"]):
        model.train()
        for i, (images, masks) in enumerate(train_loader):
            preds = model(images)
            loss = loss_fn(preds, masks)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            print(f"[epoch {epoch}] iter {i} loss={loss.item():.4f}")

        model.eval()
        with torch.no_grad():
            dice = sum(dice_score(model(x), y).item() for x, y in val_loader) / len(val_loader)
        print(f"[epoch {epoch}] val dice={dice:.3f}")
        torch.save({"epoch": epoch, "state_dict": model.state_dict()}, tcfg["checkpoint"])


if __name__ == "__main__":
    main()
