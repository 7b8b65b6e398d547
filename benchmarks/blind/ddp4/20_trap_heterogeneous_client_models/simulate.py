import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
import yaml
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader

from hetero.clients import client_dataset
from hetero.models import ClientNet


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/hetero_depth.yaml")
    args = ap.parse_args()
    cfg = yaml.safe_load(open(args.config))

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    assert world == len(cfg["client_depths"]), "one process per client"
    torch.manual_seed(0)

    depth = cfg["client_depths"][rank]
    model = DDP(ClientNet(cfg["in_dim"], cfg["width"], depth, cfg["num_classes"]))
    ds = client_dataset(rank, cfg["samples_per_client"], cfg["in_dim"], cfg["num_classes"])
    dl = DataLoader(ds, batch_size=cfg["batch_size"], shuffle=True, drop_last=True)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])

    for rnd in range(cfg["rounds"]):
        for x, y in dl:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"[client {rank} depth {depth}] round {rnd} loss {loss.item():.3f}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
