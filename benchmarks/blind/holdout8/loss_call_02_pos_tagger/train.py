import functools

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from utils import load_config, make_tagged_corpus, pad_batch, sequence_loss, token_accuracy


class BiLSTMTagger(nn.Module):
    def __init__(self, vocab_size, embedding_dim, hidden_dim, num_tags):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab_size, embedding_dim, padding_idx=0)
        self.lstm = nn.LSTM(embedding_dim, hidden_dim, batch_first=True, bidirectional=True)
        self.hidden2tag = nn.Linear(hidden_dim * 2, num_tags)

    def forward(self, sentence):
        embeds = self.word_embeddings(sentence)
        lstm_out, _ = self.lstm(embeds)
        return self.hidden2tag(lstm_out)  # (batch, seq_len, num_tags)


def main():
    cfg = load_config("config.json")
    torch.manual_seed(cfg["seed"])

    corpus = make_tagged_corpus(cfg["num_sentences"], cfg["vocab_size"], cfg["num_tags"],
                                cfg["max_len"], cfg["seed"])
    split = int(len(corpus) * 0.85)
    collate = functools.partial(pad_batch, max_len=cfg["max_len"])
    train_loader = DataLoader(corpus[:split], batch_size=cfg["batch_size"], shuffle=True, collate_fn=collate)
    dev_loader = DataLoader(corpus[split:], batch_size=cfg["batch_size"], collate_fn=collate)

    model = BiLSTMTagger(cfg["vocab_size"], cfg["embedding_dim"], cfg["hidden_dim"], cfg["num_tags"])
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])

    for epoch in range(cfg["epochs"]):
        model.train()
        total = 0.0
        for words, tags in train_loader:
            model.zero_grad()
            tag_scores = model(words)
            loss = sequence_loss(tag_scores, tags)
            loss.backward()
            optimizer.step()
            total += loss.item()

        model.eval()
        with torch.no_grad():
            accs = [token_accuracy(model(w), t) for w, t in dev_loader]
        print(f"epoch {epoch + 1} loss {total / len(train_loader):.4f} dev acc {sum(accs) / len(accs):.3f}")


if __name__ == "__main__":
    main()
