import argparse
import gc

import torch
import torch.distributed as dist

from forecast.model import LSTMForecaster
from forecast.series import WindowDataset, synthetic_load
from forecast.trainer import DDPTrainer


def main(args):
    dist.init_process_group(backend="nccl" if torch.cuda.is_available() else "gloo")
    torch.manual_seed(0)
    train_set = WindowDataset(synthetic_load())
    trainer = DDPTrainer(LSTMForecaster(), train_set, epochs=args.epochs, batch_size=args.batch_size)
    trainer.train()
    dist.destroy_process_group()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=64)
    main(parser.parse_args())
    gc.collect()
