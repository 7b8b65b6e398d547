import argparse
import os

import torch
from torch.utils.data import DataLoader

from config import ExperimentConfig
from data import make_splits
from models import build_model, MODEL_REGISTRY
from utils.misc import AverageMeter, JsonLogger, seed_everything


def get_args():
    p = argparse.ArgumentParser(description="Train a (beta-)VAE on toy blob images")
    p.add_argument("--model", default="vae", choices=sorted(MODEL_REGISTRY))
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--weight-decay", type=float, default=0.0)
    p.add_argument("--beta", type=float, default=1.0)
    p.add_argument("--kl-warmup", type=int, default=100, help="steps to anneal beta from 0")
    p.add_argument("--latent-dim", type=int, default=None)
    p.add_argument("--amp", action="store_true", help="bf16 autocast on CPU")
    p.add_argument("--grad-clip", type=float, default=5.0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--log-every", type=int, default=5)
    p.add_argument("--out-dir", default="runs/vae")
    p.add_argument("--save", action="store_true")
    return p.parse_args()


def main():
    args = get_args()
    seed_everything(args.seed)
    cfg = ExperimentConfig()
    if args.latent_dim is not None:
        cfg.model.latent_dim = args.latent_dim

    train_set, val_set = make_splits(cfg.data)
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, drop_last=True)
    val_loader = DataLoader(val_set, batch_size=args.batch_size)

    model = build_model(args.model, cfg.model)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    logger = JsonLogger(os.path.join(args.out_dir, "log.jsonl"))

    step = 0
    for epoch in range(args.epochs):
        model.train()
        meter = AverageMeter()
        for x in train_loader:
            beta = args.beta * min(1.0, step / max(args.kl_warmup, 1))
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.amp):
                out = model(x)
            loss, parts = model.loss(x, [o.float() for o in out], beta=beta)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.grad_clip)
            opt.step()
            meter.update(loss.item(), x.size(0))
            if step % args.log_every == 0:
                logger.log(epoch=epoch, step=step, loss=loss.item(), beta=beta, **parts)
            step += 1

        model.eval()
        val_meter = AverageMeter()
        with torch.no_grad():
            for x in val_loader:
                loss, _ = model.loss(x, model(x), beta=args.beta)
                val_meter.update(loss.item(), x.size(0))
        logger.log(epoch=epoch, train_loss=meter.avg, val_loss=val_meter.avg)

    if args.save:
        torch.save({"model": model.state_dict(), "cfg": cfg.to_dict()}, os.path.join(args.out_dir, "vae.pt"))


if __name__ == "__main__":
    main()
