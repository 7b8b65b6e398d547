import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
import yaml
from torch.nn.parallel import DistributedDataParallel

from lib.datasets import ShapesDataset, build_dataloader
from lib.models import BoxNet
from lib.utils.comm import init_dist, reduce_dict


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cfg", required=True)
    args = parser.parse_args()
    cfg = yaml.safe_load(open(args.cfg))

    rank, world_size = init_dist()
    torch.manual_seed(0)

    ds_cfg, ld_cfg, solver = cfg["dataset"], cfg["loader"], cfg["solver"]
    dataset = ShapesDataset(ds_cfg["num_images"], ds_cfg["image_size"])
    loader, sampler = build_dataloader(dataset, ld_cfg["batch_size"], shuffle=ld_cfg["shuffle"],
                                       num_workers=ld_cfg["num_workers"])

    model = DistributedDataParallel(BoxNet(ds_cfg["num_classes"], cfg["model"]["width"]))
    optimizer = torch.optim.Adam(model.parameters(), lr=solver["lr"])

    for epoch in range(solver["epochs"]):
        if sampler is not None:
            sampler.set_epoch(epoch)
        for it, (img, label, box) in enumerate(loader):
            logits, pred_box = model(img)
            loss_cls = F.cross_entropy(logits, label)
            loss_box = F.l1_loss(pred_box, box)
            loss = loss_cls + solver["box_loss_weight"] * loss_box
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if it % 8 == 0:
                stats = reduce_dict({"cls": loss_cls, "box": loss_box})
                if rank == 0:
                    print(f"[{cfg['experiment']}] ep {epoch} it {it} cls {stats['cls']:.3f} box {stats['box']:.3f}", flush=True)

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
