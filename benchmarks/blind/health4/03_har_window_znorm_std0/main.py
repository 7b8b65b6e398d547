import sys
import yaml
import torch
from torch.utils.data import DataLoader

from har.data.dataset import AccelWindows
from har.models.cnn1d import ActivityCNN


def main(cfg_path):
    cfg = yaml.safe_load(open(cfg_path))
    torch.manual_seed(0)
    ds = AccelWindows(**cfg["data"])
    loader = DataLoader(ds, batch_size=cfg["train"]["batch_size"], shuffle=True)
    model = ActivityCNN(cfg["data"]["channels"], cfg["model"]["width"], cfg["model"]["n_classes"])
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])
    criterion = torch.nn.CrossEntropyLoss()

    for epoch in range(cfg["train"]["epochs"]):
        model.train()
        for batch_idx, (x, y) in enumerate(loader):
            optimizer.zero_grad()
            out = model(x)
            loss = criterion(out, y)
            loss.backward()
            optimizer.step()
            if batch_idx % cfg["train"]["log_interval"] == 0:
                acc = (out.argmax(1) == y).float().mean().item()
                print("Epoch {} [{}/{}]\tloss: {:.4f}\tacc: {:.3f}".format(
                    epoch, batch_idx * len(x), len(ds), loss.item(), acc))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "config.yaml")
