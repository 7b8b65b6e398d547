import argparse
import torch

from sentiment.data import review_batches
from sentiment.model import BagOfEmbeddings
from sentiment.optim import build_optimizer

ap = argparse.ArgumentParser()
ap.add_argument("--base-lr", type=float, default=2.0, help="lr for a batch of 256 (linear scaling rule)")
ap.add_argument("--batch-size", type=int, default=64)
ap.add_argument("--epochs", type=int, default=3)
args = ap.parse_args()

torch.manual_seed(0)
train_batches = review_batches(n=6000, batch_size=args.batch_size)
model = BagOfEmbeddings(vocab=3000, dim=64)
optimizer = build_optimizer(model, args.base_lr, args.batch_size)
print("optimizer:", optimizer.__class__.__name__, "lr =", optimizer.param_groups[0]["lr"])
crit = torch.nn.BCEWithLogitsLoss()
for epoch in range(args.epochs):
    total = 0.0
    for i, (tokens, offsets, y) in enumerate(train_batches):
        loss = crit(model(tokens, offsets), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
    print(f"epoch {epoch} loss={total / len(train_batches):.4f}")
