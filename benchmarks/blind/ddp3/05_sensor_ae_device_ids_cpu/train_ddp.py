import argparse
import gc

import torch

from core.loop import Loop
from core.strategy import DDPStrategy
from modules.dae import DenoiseTask, make_signals


def main(opt):
    torch.manual_seed(0)
    strategy = DDPStrategy()
    strategy.setup()
    task = DenoiseTask(lr=opt.lr)
    Loop(strategy, max_epochs=opt.max_epochs, batch_size=opt.batch_size).fit(task, make_signals())
    strategy.teardown()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-epochs", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=2e-3)
    main(parser.parse_args())
    gc.collect()
