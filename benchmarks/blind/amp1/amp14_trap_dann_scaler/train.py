import argparse

import torch

from dann.loop import TrainState, train_epoch, target_accuracy
from dann.memory import FeatureBank
from dann.nets import DANN
from dann.data import two_domains


def main():
    ap = argparse.ArgumentParser(description="Domain-adversarial training with a target feature bank")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch-size", type=int, default=48)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--grl-lambda", type=float, default=0.3)
    ap.add_argument("--bank-size", type=int, default=256)
    ap.add_argument("--whiten-weight", type=float, default=0.01)
    args = ap.parse_args()

    torch.manual_seed(21)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    source, target = two_domains(seed=21)
    model = DANN(in_dim=source.tensors[0].size(1), num_classes=3).to(device)
    bank = FeatureBank(args.bank_size, model.feat_dim).to(device)
    state = TrainState.create(model, args, device)
    for epoch in range(args.epochs):
        stats = train_epoch(model, bank, state, source, target, args, device)
        acc = target_accuracy(model, target, device)
        print(f"epoch {epoch}: loss={stats['loss']:.4f} cls={stats['cls']:.4f} dom={stats['dom']:.4f} "
              f"white={stats['white']:.4f} scale={stats['scale']:.0f} target_acc={acc:.3f}")


if __name__ == "__main__":
    main()
