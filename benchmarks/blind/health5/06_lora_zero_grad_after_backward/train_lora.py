import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

from lora_ft.model import TinyEncoder
from lora_ft.lora import inject_trainable_lora
from lora_ft.trainer import LoraTrainer


def make_task(n=1536, seq=16, vocab=64, seed=0):
    """Downstream task: label = which third of the vocabulary dominates the sequence."""
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, 3, (n,), generator=g)
    ids = torch.randint(0, vocab, (n, seq), generator=g)
    mask = torch.rand(n, seq, generator=g) < 0.6
    ids = torch.where(mask, labels.view(-1, 1) * 21 + torch.randint(0, 21, (n, seq), generator=g), ids)
    return TensorDataset(ids, labels)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lora_rank", type=int, default=4)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--base_seed", type=int, default=1234)
    args = ap.parse_args()

    torch.manual_seed(args.base_seed)
    model = TinyEncoder()
    params, names = inject_trainable_lora(model, r=args.lora_rank)
    model.head.weight.requires_grad_(True); model.head.bias.requires_grad_(True)
    params += [model.head.weight, model.head.bias]
    print(f"injected LoRA into {len(names)} linears; trainable tensors: {len(params)}")

    torch.manual_seed(0)
    loader = DataLoader(make_task(), batch_size=64, shuffle=True)
    trainer = LoraTrainer(model, params, lr=args.lr, total_steps=args.epochs * len(loader))
    for ep in range(args.epochs):
        print(f"epoch {ep} mean loss {trainer.train_epoch(loader, ep):.4f}")


if __name__ == "__main__":
    main()
