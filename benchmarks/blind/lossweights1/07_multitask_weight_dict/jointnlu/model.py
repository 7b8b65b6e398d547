import torch.nn as nn
import torch.nn.functional as F


class JointIntentSlotModel(nn.Module):
    def __init__(self, vocab_size, n_intents, n_slots, emb=32, hidden=32):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, emb, padding_idx=0)
        self.encoder = nn.GRU(emb, hidden, batch_first=True, bidirectional=True)
        self.intent_head = nn.Linear(2 * hidden, n_intents)
        self.slot_head = nn.Linear(2 * hidden, n_slots)

    def forward(self, tokens):
        h, _ = self.encoder(self.embed(tokens))
        mask = (tokens != 0).unsqueeze(-1).float()
        pooled = (h * mask).sum(1) / mask.sum(1)
        return F.log_softmax(self.intent_head(pooled), -1), F.log_softmax(self.slot_head(h), -1)
