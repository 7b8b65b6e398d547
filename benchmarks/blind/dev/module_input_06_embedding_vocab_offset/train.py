import os
import tempfile

import torch
from torch import nn
from torch.utils.data import DataLoader, random_split

from text_data import ReviewDataset, write_reviews_csv

EMBED_DIM = 48
BATCH_SIZE = 32
EPOCHS = 3
LR = 5e-3


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab_size, embed_dim):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, embed_dim, padding_idx=0)
        self.fc = nn.Sequential(nn.Linear(embed_dim, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, ids):
        mask = (ids != 0).unsqueeze(-1).float()
        pooled = (self.emb(ids) * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.fc(pooled).squeeze(-1)


def main():
    tmp = tempfile.mkdtemp()
    csv_path = os.path.join(tmp, "reviews.csv")
    write_reviews_csv(csv_path)

    full = ReviewDataset(csv_path)
    n_val = len(full) // 5
    train_ds, val_ds = random_split(full, [len(full) - n_val, n_val], generator=torch.Generator().manual_seed(0))
    train_dl = DataLoader(train_ds, batch_size=BATCH_SIZE, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=BATCH_SIZE)

    vocab_size = full.tokenizer.vocab_size
    print(f"vocab size: {vocab_size}")
    model = BagOfEmbeddings(vocab_size, EMBED_DIM)
    criterion = nn.BCEWithLogitsLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)

    for epoch in range(EPOCHS):
        model.train()
        epoch_loss = 0.0
        for ids, labels in train_dl:
            optimizer.zero_grad()
            loss = criterion(model(ids), labels)
            loss.backward()
            optimizer.step()
            epoch_loss += loss.item()
        model.eval()
        correct = 0
        with torch.no_grad():
            for ids, labels in val_dl:
                correct += ((model(ids) > 0).float() == labels).sum().item()
        print(f"epoch {epoch + 1}: loss {epoch_loss / len(train_dl):.4f} val acc {correct / len(val_ds):.3f}")


if __name__ == "__main__":
    main()
