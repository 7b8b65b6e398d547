"""Train SmallCNN on synthetic 16x16 'digits', export weights, then reload them
into a fresh (unwrapped) model the way the serving code does."""
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

from engine import accuracy, save_weights, train_epoch, wrap_parallel
from nets import SmallCNN


def synthetic_images(n, n_classes=10, seed=0):
    g = torch.Generator().manual_seed(seed)
    protos = torch.randn(n_classes, 1, 16, 16, generator=g)
    labels = torch.randint(0, n_classes, (n,), generator=g)
    images = protos[labels] + 0.8 * torch.randn(n, 1, 16, 16, generator=g)
    return TensorDataset(images, labels)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--bs", type=int, default=32)
    ap.add_argument("--out", default="export/cnn_weights.pt")
    opt = ap.parse_args()

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    train_dl = DataLoader(synthetic_images(384, seed=0), batch_size=opt.bs, shuffle=True)
    test_dl = DataLoader(synthetic_images(128, seed=1), batch_size=64)

    model = wrap_parallel(SmallCNN().to(device))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for ep in range(opt.epochs):
        loss = train_epoch(model, train_dl, optimizer, device)
        print(f"epoch {ep}: loss={loss:.3f} test_acc={accuracy(model, test_dl, device):.3f}")

    save_weights(model, opt.out)

    serving_model = SmallCNN()
    serving_model.load_state_dict(torch.load(opt.out, map_location="cpu"))
    print(f"exported model reloaded, test_acc={accuracy(serving_model, test_dl, 'cpu'):.3f}")
