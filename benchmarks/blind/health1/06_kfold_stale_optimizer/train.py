import argparse
import statistics

from kfold.data import fold_loaders, kfold_indices, make_dataset
from kfold.trainer import Trainer


def main():
    ap = argparse.ArgumentParser(description="k-fold cross-validation of an MLP classifier")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    x, y = make_dataset(seed=args.seed)
    trainer = Trainer(x.shape[1], int(y.max()) + 1, lr=args.lr)
    scores = []
    for fold, (tr_idx, va_idx) in enumerate(kfold_indices(len(x), args.folds, args.seed)):
        trainer.reset(seed=args.seed + fold)
        train_loader, val_loader = fold_loaders(x, y, tr_idx, va_idx, args.batch_size)
        for epoch in range(args.epochs):
            loss = trainer.train_epoch(train_loader)
            acc = trainer.validate(val_loader)
            print(f"fold {fold} epoch {epoch + 1}: loss {loss:.4f} val_acc {acc:.3f}")
        scores.append(acc)
    print(f"CV accuracy: {statistics.mean(scores):.3f} +/- {statistics.pstdev(scores):.3f}")


if __name__ == "__main__":
    main()
