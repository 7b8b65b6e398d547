# Classifying names with a character-level RNN (batched version of the PyTorch tutorial)
import time

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, random_split

from dataset import CATEGORIES, N_LETTERS, NamesDataset, generate_names


class CharRNN(nn.Module):
    def __init__(self, n_letters, embed_size, hidden_size, n_categories):
        super().__init__()
        self.embed = nn.Embedding(n_letters, embed_size, padding_idx=0)
        self.rnn = nn.GRU(embed_size, hidden_size, batch_first=True)
        self.h2o = nn.Linear(hidden_size, n_categories)

    def forward(self, x):
        lengths = (x != 0).sum(1)
        out, _ = self.rnn(self.embed(x))
        last = out[torch.arange(x.size(0)), lengths - 1]
        return self.h2o(last)


torch.manual_seed(0)
full = NamesDataset(generate_names(1000))
train_set, test_set = random_split(full, [800, 200], generator=torch.Generator().manual_seed(0))
train_loader = DataLoader(train_set, batch_size=32, shuffle=True)
test_loader = DataLoader(test_set, batch_size=32)

rnn = CharRNN(N_LETTERS, 32, 64, len(CATEGORIES))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(rnn.parameters(), lr=0.005)

start = time.time()
for epoch in range(2):
    rnn.train()
    current_loss = 0
    for names, labels in train_loader:
        optimizer.zero_grad()
        output = rnn(names)
        loss = criterion(output, labels)
        loss.backward()
        optimizer.step()
        current_loss += loss.item()

    rnn.eval()
    correct = 0
    with torch.no_grad():
        for names, labels in test_loader:
            correct += (rnn(names).argmax(1) == labels).sum().item()
    print(f"epoch {epoch + 1} ({time.time() - start:.1f}s) loss {current_loss / len(train_loader):.4f} "
          f"acc {correct / len(test_set):.3f}")
