import argparse
import logging

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from model import MLP
from stream import GaussianClusters

log = logging.getLogger("train")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="configs/mlp.yaml")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(0)
    m, d = cfg["model"], cfg["data"]
    stream = GaussianClusters(m["in_dim"], m["out_dim"], d["samples_per_epoch"], d["noise"])
    loader = DataLoader(stream, batch_size=cfg["batch_size"])

    model = MLP(m["in_dim"], m["hidden_sizes"], m["out_dim"], m["dropout"])
    optimizer = torch.optim.AdamW(model.parameters(), **cfg["optim"])
    log.info("model: %s", model)

    for epoch in range(cfg["epochs"]):
        model.train()
        n, loss_sum, correct = 0, 0.0, 0
        for x, y in loader:
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            n += y.size(0)
            loss_sum += loss.item() * y.size(0)
            correct += (logits.argmax(-1) == y).sum().item()
        log.info("epoch %d loss %.4f acc %.3f", epoch, loss_sum / n, correct / n)
    torch.save(model.state_dict(), "mlp.pt")


if __name__ == "__main__":
    main()
