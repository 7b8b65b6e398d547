import argparse
import gc

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from charlm.corpus import CharCorpus
from charlm.model import CharLSTM
from charlm.trainer import LMTrainer

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()

    dist.init_process_group(backend="gloo")
    torch.manual_seed(0)
    corpus = CharCorpus()
    model = DDP(CharLSTM(corpus.vocab_size))
    LMTrainer(model, corpus).fit(args.epochs)
    dist.destroy_process_group()
    del model
    gc.collect()
