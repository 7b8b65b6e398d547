import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from lincls.data import Glyphs
from lincls.engine import train, validate
from lincls.model import LinearProbe, freeze_encoder, load_pretrained

parser = argparse.ArgumentParser(description="Linear classification on frozen features")
parser.add_argument("--config", default="lincls.yaml")
parser.add_argument("--pretrained", default=None, help="path to the pre-trained checkpoint")


def main():
    args = parser.parse_args()
    cfg = yaml.safe_load(open(args.config))
    torch.manual_seed(cfg["seed"])

    model = LinearProbe(cfg["feat_dim"], cfg["num_classes"])
    print("=> loading checkpoint '{}'".format(args.pretrained or cfg["pretrained"]))
    load_pretrained(model, args.pretrained or cfg["pretrained"])
    freeze_encoder(model)

    parameters = list(filter(lambda p: p.requires_grad, model.parameters()))
    assert len(parameters) == 2  # fc.weight, fc.bias
    optimizer = torch.optim.SGD(parameters, cfg["lr"], momentum=cfg["momentum"],
                                weight_decay=cfg["weight_decay"])

    train_loader = DataLoader(Glyphs(320, seed=1), batch_size=cfg["batch_size"], shuffle=True)
    val_loader = DataLoader(Glyphs(128, seed=2), batch_size=64)
    for epoch in range(cfg["epochs"]):
        loss = train(train_loader, model, optimizer)
        acc1 = validate(val_loader, model)
        print(f"Epoch {epoch}: train loss {loss:.4f}  val acc@1 {acc1:.2f}")


if __name__ == "__main__":
    main()
