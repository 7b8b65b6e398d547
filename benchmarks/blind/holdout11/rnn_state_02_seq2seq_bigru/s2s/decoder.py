import torch
import torch.nn as nn
import torch.nn.functional as F


class AttnDecoder(nn.Module):
    def __init__(self, vocab_size, emb_dim, hidden_dim, enc_out_dim, dropout=0.1):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, emb_dim, padding_idx=0)
        self.attn_proj = nn.Linear(enc_out_dim, hidden_dim, bias=False)
        self.rnn = nn.GRU(emb_dim + enc_out_dim, hidden_dim, batch_first=True)
        self.out = nn.Linear(hidden_dim, vocab_size)
        self.dropout = nn.Dropout(dropout)

    def forward(self, token, hidden, enc_outputs, src_mask):
        # token: (B,), hidden: (1, B, H), enc_outputs: (B, S, E)
        emb = self.dropout(self.embedding(token)).unsqueeze(1)
        scores = torch.bmm(self.attn_proj(enc_outputs), hidden[-1].unsqueeze(2)).squeeze(2)
        scores = scores.masked_fill(~src_mask, float("-inf"))
        context = torch.bmm(F.softmax(scores, dim=1).unsqueeze(1), enc_outputs)
        output, hidden = self.rnn(torch.cat([emb, context], dim=2), hidden)
        return self.out(output.squeeze(1)), hidden
