import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from finetune.backbone import ConvBackbone, TextureClassifier
from finetune.textures import Textures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", required=True)
    ap.add_argument("--epochs", type=int, default=5)
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank = dist.get_rank()

    backbone = ConvBackbone()
    state = torch.load(args.weights, map_location="cpu")
    backbone.load_state_dict(state["backbone"])
    model = DDP(TextureClassifier(backbone))

    ds = Textures()
    sampler = DistributedSampler(ds)
    loader = DataLoader(ds, batch_size=16, sampler=sampler)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        for x, y in loader:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.3f}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
