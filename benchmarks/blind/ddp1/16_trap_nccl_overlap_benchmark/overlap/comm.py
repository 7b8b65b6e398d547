import os

import torch
import torch.distributed as dist


def setup_nccl():
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    dist.init_process_group("nccl", device_id=torch.device("cuda", local_rank))
    comm_stream = torch.cuda.Stream(priority=-1)
    return local_rank, comm_stream


class OverlappedAllReduce:
    """Launches one async all-reduce per bucket on the comm stream as soon as the bucket is full."""

    def __init__(self, params, comm_stream, bucket_mb=1.0):
        self.stream = comm_stream
        self.buckets, cur, size = [], [], 0
        for p in reversed(list(params)):
            cur.append(p)
            size += p.numel() * p.element_size()
            if size >= bucket_mb * 2**20:
                self.buckets.append(cur)
                cur, size = [], 0
        if cur:
            self.buckets.append(cur)
        self.works = []

    def reduce_bucket(self, bucket):
        self.stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(self.stream):
            flat = torch.cat([p.grad.flatten() for p in bucket])
            self.works.append((dist.all_reduce(flat, async_op=True), flat, bucket))

    def finish(self):
        for work, flat, bucket in self.works:
            work.wait()
            flat /= dist.get_world_size()
            off = 0
            for p in bucket:
                p.grad.copy_(flat[off:off + p.numel()].view_as(p))
                off += p.numel()
        torch.cuda.current_stream().wait_stream(self.stream)
        self.works.clear()
