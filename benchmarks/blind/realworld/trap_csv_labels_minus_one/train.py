import csv
import torch
import torch.nn as nn


class HappyTextClassification:
    def __init__(self, num_labels=3, embed_dim=32):
        self.num_labels = num_labels
        self.embed_dim = embed_dim
        self.vocab = {'<unk>': 0}
        self.model = None

    def _encode(self, text):
        return [self.vocab.get(w, 0) for w in text.lower().split()]

    def train(self, input_filepath, epochs=5, batch_size=8, learning_rate=1e-2):
        with open(input_filepath, newline='') as f:
            rows = list(csv.DictReader(f))
        for row in rows:
            for w in row['text'].lower().split():
                self.vocab.setdefault(w, len(self.vocab))
        self.model = nn.Sequential(nn.EmbeddingBag(len(self.vocab), self.embed_dim),
                                   nn.Linear(self.embed_dim, self.num_labels))
        optimizer = torch.optim.Adam(self.model.parameters(), lr=learning_rate)
        loss_fct = nn.CrossEntropyLoss()
        for epoch in range(epochs):
            total = 0.0
            for i in range(0, len(rows), batch_size):
                batch = rows[i:i + batch_size]
                ids = [torch.tensor(self._encode(r['text'])) for r in batch]
                offsets = torch.tensor([0] + [len(x) for x in ids[:-1]]).cumsum(0)
                labels = torch.tensor([int(r['label']) for r in batch])
                logits = self.model[1](self.model[0](torch.cat(ids), offsets))
                loss = loss_fct(logits, labels)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                total += loss.item()
            print('epoch {} loss {:.4f}'.format(epoch, total))


happy_tc = HappyTextClassification(num_labels=3)
happy_tc.train("train.csv")
