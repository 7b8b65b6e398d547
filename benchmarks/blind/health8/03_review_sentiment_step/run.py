import argparse
import time

import torch
import yaml
from torch.utils.data import DataLoader

from sentiment.data import ReviewDataset, Vocab, collate_batch, make_reviews
from sentiment.engine import Engine
from sentiment.model import TextClassificationModel

parser = argparse.ArgumentParser()
parser.add_argument("--params", default="params.yaml")
args = parser.parse_args()
p = yaml.safe_load(open(args.params))

torch.manual_seed(p["seed"])
train_reviews = make_reviews(p["n_train"], seed=1)
valid_reviews = make_reviews(p["n_valid"], seed=2)
vocab = Vocab([t for t, _ in train_reviews])
train_loader = DataLoader(ReviewDataset(train_reviews, vocab), batch_size=p["batch_size"],
                          shuffle=True, collate_fn=collate_batch)
valid_loader = DataLoader(ReviewDataset(valid_reviews, vocab), batch_size=p["batch_size"],
                          collate_fn=collate_batch)

model = TextClassificationModel(len(vocab), p["embed_dim"], 2)
optimizer = torch.optim.SGD(model.parameters(), lr=p["lr"])
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 1, gamma=p["gamma"])
engine = Engine(model, optimizer, scheduler, clip=p["clip"])

for epoch in range(1, p["epochs"] + 1):
    t0 = time.time()
    loss, acc = engine.train_epoch(train_loader)
    val_acc = engine.evaluate(valid_loader)
    print(f"| epoch {epoch:3d} | time {time.time() - t0:5.2f}s | loss {loss:.4f} | "
          f"train acc {acc:.3f} | valid acc {val_acc:.3f}")
