import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from model import CharLSTMClassifier
from names import ALPHABET, LANGS, NamesDataset, make_names, pad_collate

parser = argparse.ArgumentParser(description="Classify surnames by language of origin")
parser.add_argument("--epochs", type=int, default=4)
parser.add_argument("--batch-size", type=int, default=16)
parser.add_argument("--lr", type=float, default=0.005)
parser.add_argument("--save", type=str, default="char_lstm.pt")
args = parser.parse_args()

torch.manual_seed(1)
train_set = NamesDataset(make_names(400, seed=0))
test_set = NamesDataset(make_names(80, seed=1))
train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, collate_fn=pad_collate)
test_loader = DataLoader(test_set, batch_size=args.batch_size, collate_fn=pad_collate)

model = CharLSTMClassifier(len(ALPHABET), len(LANGS))
optimizer = torch.optim.RMSprop(model.parameters(), lr=args.lr)

for epoch in range(1, args.epochs + 1):
    model.train()
    total_loss = 0.0
    for chars, lengths, labels in train_loader:
        optimizer.zero_grad()
        log_probs = model(chars, lengths)
        loss = F.nll_loss(log_probs, labels)
        loss.backward()
        optimizer.step()
        total_loss += loss.item()

    model.eval()
    correct = 0
    with torch.no_grad():
        for chars, lengths, labels in test_loader:
            correct += (model(chars, lengths).argmax(1) == labels).sum().item()
    print(f"Epoch {epoch} | loss {total_loss / len(train_loader):.4f} | test acc {100.0 * correct / len(test_set):.1f}%")

torch.save(model.state_dict(), args.save)
