import argparse
import gc

import torch
import torch.distributed as dist

from overlap.comm import OverlappedAllReduce, setup_nccl
from overlap.model import big_mlp


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--batch", type=int, default=64)
    args = ap.parse_args()

    local_rank, comm_stream = setup_nccl()
    model = big_mlp().cuda().half()
    reducer = OverlappedAllReduce(model.parameters(), comm_stream)
    x = torch.randn(args.batch, 4096, device="cuda", dtype=torch.half)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for it in range(args.iters):
        start.record()
        model(x).float().pow(2).mean().backward()
        for b in reducer.buckets:
            reducer.reduce_bucket(b)
        reducer.finish()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
        model.zero_grad(set_to_none=False)
    if dist.get_rank() == 0:
        warm = times[3:]
        print(f"step time {sum(warm) / len(warm):.2f} ms over {len(warm)} iters", flush=True)


if __name__ == "__main__":
    main()
    dist.destroy_process_group()
    gc.collect()
