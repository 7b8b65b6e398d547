import argparse
import gc

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from pointcls.engine import evaluate, train_one_epoch
from pointcls.models.pointnet import PointNetCls
from pointcls.shapes import PointShapes
from pointcls.utils.ema import ModelEma


def get_args_parser():
    parser = argparse.ArgumentParser("PointNet training", add_help=True)
    parser.add_argument("--epochs", default=2, type=int)
    parser.add_argument("--batch-size", default=24, type=int)
    parser.add_argument("--lr", default=2e-3, type=float)
    parser.add_argument("--model-ema", action="store_true")
    parser.add_argument("--model-ema-decay", default=0.9, type=float)
    return parser


def main(args):
    dist.init_process_group(backend="gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)

    model = PointNetCls()
    model = DistributedDataParallel(model)
    model_without_ddp = model.module
    n_params = sum(p.numel() for p in model_without_ddp.parameters())
    if rank == 0:
        print("number of params:", n_params)

    model_ema = ModelEma(model_without_ddp, decay=args.model_ema_decay) if args.model_ema else None

    train_ds, val_ds = PointShapes(seed=0), PointShapes(n=90, seed=1)
    sampler = DistributedSampler(train_ds)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, sampler=sampler)
    val_dl = DataLoader(val_ds, batch_size=45)
    opt = torch.optim.AdamW(model_without_ddp.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        loss = train_one_epoch(model, train_dl, opt, model_ema)
        if rank == 0:
            acc = evaluate(model_without_ddp, val_dl)
            msg = f"epoch {epoch} loss {loss:.3f} val acc {acc:.3f}"
            if model_ema is not None:
                msg += f" ema acc {evaluate(model_ema.ema, val_dl):.3f}"
            print(msg)
    dist.destroy_process_group()


if __name__ == "__main__":
    main(get_args_parser().parse_args())
    gc.collect()
