import argparse
import copy
import os
import torch
from torch.utils.data import DataLoader

from data.cifar10 import SubCIFAR10, generate_cifar_like
from models.cnn import CIFAR10CNN
from utils.learners import Learner, average_learners


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("experiment", type=str, default="cifar10")
    parser.add_argument("--n_learners", type=int, default=1)
    parser.add_argument("--n_clients", type=int, default=3)
    parser.add_argument("--n_rounds", type=int, default=2)
    parser.add_argument("--bz", type=int, default=128)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--data_root", type=str, default="data/cifar10/all_data")
    parser.add_argument("--seed", type=int, default=1234)
    return parser.parse_args()


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    generate_cifar_like(args.data_root, 256, args.n_clients)

    global_learner = Learner(CIFAR10CNN().to(device), torch.nn.CrossEntropyLoss(), None, device)
    clients = []
    for c in range(args.n_clients):
        ds = SubCIFAR10(os.path.join(args.data_root, f"client_{c}.npz"))
        model = copy.deepcopy(global_learner.model)
        opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
        clients.append((Learner(model, torch.nn.CrossEntropyLoss(), opt, device),
                        DataLoader(ds, batch_size=args.bz, shuffle=True), len(ds)))

    total = sum(n for _, _, n in clients)
    for r in range(args.n_rounds):
        losses = [learner.fit_epoch(loader) for learner, loader, _ in clients]
        average_learners([l for l, _, _ in clients], global_learner, [n / total for _, _, n in clients])
        print(f"round {r}: client train loss {sum(losses) / len(losses):.4f}")
    print("done")


if __name__ == "__main__":
    main()
