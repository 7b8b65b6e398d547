import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from recsys.config import TrainConfig
from recsys.data import InteractionDataset
from recsys.model import TwoTower


def in_batch_softmax_loss(u, v, temperature):
    logits = u @ v.t() / temperature
    labels = torch.arange(u.size(0))
    return F.cross_entropy(logits, labels)


def main():
    cfg = TrainConfig()
    torch.manual_seed(cfg.seed)
    ds = InteractionDataset(cfg)
    loader = DataLoader(ds, batch_size=cfg.batch_size, shuffle=True, drop_last=True)
    model = TwoTower(cfg.towers)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)

    for epoch in range(cfg.epochs):
        total = 0.0
        for user_x, item_x in loader:
            u, v = model(user_x, item_x)
            loss = in_batch_softmax_loss(u, v, cfg.temperature)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch + 1}: loss {total / len(loader):.4f}")


if __name__ == "__main__":
    main()
