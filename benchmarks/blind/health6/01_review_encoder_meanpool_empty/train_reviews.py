import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from textenc.data import make_reviews, ReviewDataset, collate
from textenc.model import ReviewEncoder

torch.manual_seed(0)
texts, labels = make_reviews(1200, seed=1)
train = ReviewDataset(texts[:1000], labels[:1000])
dev = ReviewDataset(texts[1000:], labels[1000:])
train_dl = DataLoader(train, batch_size=32, shuffle=True, collate_fn=collate)
dev_dl = DataLoader(dev, batch_size=64, collate_fn=collate)

model = ReviewEncoder(vocab_size=400, pooling="mean")
opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=0.01)

for epoch in range(5):
    model.train()
    tot, n = 0.0, 0
    for ids, mask, y in train_dl:
        logits = model(ids, mask)
        loss = F.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        tot += loss.item() * len(y)
        n += len(y)
    model.eval()
    correct = 0
    with torch.no_grad():
        for ids, mask, y in dev_dl:
            correct += (model(ids, mask).argmax(-1) == y).sum().item()
    print(f"epoch {epoch}: train_loss {tot / n:.4f}  dev_acc {correct / len(dev):.3f}")
