import argparse

import torch

from clip.data import make_loader
from clip.finetune import freeze_modules, trainable_parameters
from clip.losses import ClipLoss
from clip.model import DualEncoder, load_pretrained_image_tower


@torch.no_grad()
def retrieval_acc(model, loader):
    model.eval()
    hits = n = 0
    for images, captions in loader:
        img, txt = model(images, captions)
        hits += ((img @ txt.t()).argmax(1) == torch.arange(len(img))).sum().item()
        n += len(img)
    return hits / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--freeze", nargs="*", default=["image_encoder"])
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    torch.manual_seed(args.seed)
    train_loader = make_loader(512, args.batch_size, seed=args.seed)
    val_loader = make_loader(128, 32, seed=args.seed + 1, shuffle=False)

    model = load_pretrained_image_tower(DualEncoder())
    criterion = ClipLoss()
    frozen = freeze_modules(model, args.freeze)
    print(f"frozen: {len(frozen)} modules")
    optimizer = torch.optim.AdamW(trainable_parameters(model, criterion), lr=args.lr, weight_decay=0.01)

    for epoch in range(1, args.epochs + 1):
        model.train()
        total = 0.0
        for images, captions in train_loader:
            img, txt = model(images, captions)
            loss = criterion(img, txt)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.item()
        print(f"epoch {epoch}: contrastive_loss={total / len(train_loader):.4f} "
              f"i2t_acc@1={retrieval_acc(model, val_loader):.3f} temp={1 / criterion.logit_scale.exp().item():.4f}")


if __name__ == "__main__":
    main()
