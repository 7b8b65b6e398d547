import argparse
import os
import tomllib

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from utils.optim import EMA, param_groups_layer_decay
from utils.pretrained import load_pretrained
from utils.shapes import make_shapes
from vit import create_model


def get_args():
    p = argparse.ArgumentParser("fine-tune a pretrained ViT-Tiny on the shapes benchmark")
    p.add_argument("--config", default="configs/finetune_shapes.toml")
    p.add_argument("--model", default="vit_tiny_patch4")
    p.add_argument("--pretrained", default=None, help="override model.pretrained from the config")
    p.add_argument("--epochs", type=int, default=None)
    p.add_argument("--amp", action="store_true")
    p.add_argument("--output", default="output/ft_shapes")
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


def main():
    args = get_args()
    with open(args.config, "rb") as f:
        cfg = tomllib.load(f)
    m, d, o = cfg["model"], cfg["data"], cfg["optim"]
    epochs = args.epochs or o["epochs"]
    torch.manual_seed(args.seed)

    model = create_model(args.model, img_size=m["img_size"], patch_size=m["patch_size"], embed_dim=m["embed_dim"],
                         depth=m["depth"], num_heads=m["num_heads"], mlp_ratio=m["mlp_ratio"],
                         drop_path=m["drop_path"], num_classes=1000)
    load_pretrained(model, args.pretrained or m["pretrained"])
    model.reset_classifier(d["num_classes"])

    train_dl = DataLoader(make_shapes(d["n_train"], m["img_size"], d["num_classes"], seed=args.seed),
                          batch_size=o["batch_size"], shuffle=True, drop_last=True)
    val_dl = DataLoader(make_shapes(d["n_val"], m["img_size"], d["num_classes"], seed=args.seed + 1), batch_size=256)

    groups = param_groups_layer_decay(model, o["weight_decay"], o["layer_decay"], m["depth"])
    opt = torch.optim.AdamW(groups, lr=o["lr"])
    ema = EMA(model, o["ema_decay"])
    total = epochs * len(train_dl)
    step = 0
    for epoch in range(epochs):
        model.train()
        for x, y in train_dl:
            lr = o["lr"] * min(1.0, (step + 1) / o["warmup_steps"]) * 0.5 * (1 + torch.cos(torch.tensor(step / total * 3.14159)).item())
            for g in opt.param_groups:
                g["lr"] = lr * g["lr_scale"]
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.amp):
                loss = F.cross_entropy(model(x).float(), y, label_smoothing=0.1)
            opt.zero_grad()
            loss.backward()
            opt.step()
            ema.update(model)
            step += 1
        with torch.no_grad():
            acc = sum((ema.module(x).argmax(-1) == y).sum().item() for x, y in val_dl) / d["n_val"]
        print(f"epoch {epoch}: loss {loss.item():.4f} ema val acc {acc:.3f}")
    os.makedirs(args.output, exist_ok=True)
    torch.save({"model": ema.module.state_dict(), "config": cfg}, os.path.join(args.output, "ft_ema.pth"))


if __name__ == "__main__":
    main()
