import os

import torch.distributed as dist


def init_distributed_mode(args):
    """Fill args.rank / args.world_size / args.distributed and set up the process group."""
    args.rank = int(os.environ.get("RANK", 0))
    args.world_size = int(os.environ.get("WORLD_SIZE", 1))
    args.local_rank = int(os.environ.get("LOCAL_RANK", 0))
    if "RANK" not in os.environ or "WORLD_SIZE" not in os.environ:
        print("Not using distributed mode")
        args.distributed = False
        return
    args.distributed = True

    print(f"| distributed init (rank {args.rank}, world {args.world_size})", flush=True)
    dist.init_process_group(backend=args.dist_backend, init_method=args.dist_url,
                            world_size=args.world_size, rank=args.rank)
    dist.barrier()


def is_main_process(args):
    return args.rank == 0
