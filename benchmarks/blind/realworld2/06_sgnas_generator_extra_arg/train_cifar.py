import argparse

import torch

from model.generator import ConvGenerator
from model.supernet import Supernet, CANDIDATE_OPS
from utils.data import get_cifar_like
from utils.trainer import Trainer

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Searching-generator on CIFAR")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--hc-dim", type=int, default=8)
    parser.add_argument("--low-flops", type=float, default=5.0)
    parser.add_argument("--high-flops", type=float, default=30.0)
    parser.add_argument("--hc-weight", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    train_loader = get_cifar_like(320, seed=0)
    val_loader = get_cifar_like(320, seed=1)

    supernet = Supernet(layers_num=args.layers)
    generator = ConvGenerator(args.hc_dim, args.layers, len(CANDIDATE_OPS))
    prior = torch.randn(args.layers, len(CANDIDATE_OPS)) * 0.1

    g_optimizer = torch.optim.Adam(generator.parameters(), lr=1e-3)
    w_optimizer = torch.optim.SGD(supernet.parameters(), lr=0.05, momentum=0.9)

    trainer = Trainer(supernet, generator, g_optimizer, w_optimizer, args)
    trainer.search_train_loop(train_loader, val_loader, prior)

    hc = torch.tensor([15.0])
    arch = generator(prior, (hc - args.low_flops) / (args.high_flops - args.low_flops)).argmax(-1)
    print("architecture for 15 MFLOPs:", [list(CANDIDATE_OPS)[i] for i in arch.tolist()])
