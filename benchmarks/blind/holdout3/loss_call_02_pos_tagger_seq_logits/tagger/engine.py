import torch
import torch.nn as nn
from torch.nn.utils.rnn import pad_sequence

PAD_TAG = 0


def make_collate(vocab, tag_index):
    def collate(batch):
        toks = [torch.tensor([vocab.get(w, 1) for w in words]) for words, _ in batch]
        tags = [torch.tensor([tag_index[t] for t in tg]) for _, tg in batch]
        return pad_sequence(toks, batch_first=True), pad_sequence(tags, batch_first=True, padding_value=PAD_TAG)
    return collate


class TaggerEngine:
    def __init__(self, model, lr=3e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.criterion = nn.CrossEntropyLoss(ignore_index=PAD_TAG)

    def compute_loss(self, tokens, tags):
        logits = self.model(tokens)
        return self.criterion(logits, tags), logits

    def train_epoch(self, loader):
        self.model.train()
        losses = []
        for tokens, tags in loader:
            loss, _ = self.compute_loss(tokens, tags)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            losses.append(loss.item())
        return sum(losses) / len(losses)

    @torch.no_grad()
    def token_accuracy(self, loader):
        self.model.eval()
        good = total = 0
        for tokens, tags in loader:
            pred = self.model(tokens).argmax(-1)
            mask = tags != PAD_TAG
            good += (pred[mask] == tags[mask]).sum().item()
            total += mask.sum().item()
        return good / total
