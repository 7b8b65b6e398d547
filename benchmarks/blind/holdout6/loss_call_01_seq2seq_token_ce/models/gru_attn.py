import random

import torch
import torch.nn as nn
import torch.nn.functional as F

from . import register_arch


class Encoder(nn.Module):
    def __init__(self, vocab, emb, hid, dropout):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb, padding_idx=0)
        self.rnn = nn.GRU(emb, hid, batch_first=True, bidirectional=True)
        self.bridge = nn.Linear(2 * hid, hid)
        self.drop = nn.Dropout(dropout)

    def forward(self, src):
        out, h = self.rnn(self.drop(self.embed(src)))
        h0 = torch.tanh(self.bridge(torch.cat([h[0], h[1]], dim=-1)))
        return out, h0.unsqueeze(0)


class LuongAttention(nn.Module):
    def __init__(self, enc_dim, dec_dim):
        super().__init__()
        self.proj = nn.Linear(enc_dim, dec_dim, bias=False)

    def forward(self, query, keys, mask):
        scores = torch.bmm(query, self.proj(keys).transpose(1, 2))
        scores = scores.masked_fill(~mask.unsqueeze(1), float("-inf"))
        attn = F.softmax(scores, dim=-1)
        return torch.bmm(attn, keys), attn


class Decoder(nn.Module):
    def __init__(self, vocab, emb, hid, dropout):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb, padding_idx=0)
        self.rnn = nn.GRU(emb, hid, batch_first=True)
        self.attn = LuongAttention(2 * hid, hid)
        self.out = nn.Linear(hid + 2 * hid, vocab)
        self.drop = nn.Dropout(dropout)

    def step(self, tok, h, enc_out, mask):
        o, h = self.rnn(self.drop(self.embed(tok)), h)
        ctx, _ = self.attn(o, enc_out, mask)
        return self.out(torch.cat([o, ctx], dim=-1)), h


class Seq2Seq(nn.Module):
    def __init__(self, vocab_size, emb_dim, hid_dim, dropout=0.1, bos_id=1):
        super().__init__()
        self.encoder = Encoder(vocab_size, emb_dim, hid_dim, dropout)
        self.decoder = Decoder(vocab_size, emb_dim, hid_dim, dropout)
        self.bos_id = bos_id

    def forward(self, src, tgt_in, teacher_forcing=1.0):
        enc_out, h = self.encoder(src)
        mask = src != 0
        tok = tgt_in[:, :1]
        logits = []
        for t in range(tgt_in.size(1)):
            step_logits, h = self.decoder.step(tok, h, enc_out, mask)
            logits.append(step_logits)
            if t + 1 < tgt_in.size(1):
                if random.random() < teacher_forcing:
                    tok = tgt_in[:, t + 1:t + 2]
                else:
                    tok = step_logits.argmax(-1)
        return torch.cat(logits, dim=1)

    @torch.no_grad()
    def greedy(self, src, max_len):
        enc_out, h = self.encoder(src)
        mask = src != 0
        tok = torch.full((src.size(0), 1), self.bos_id, dtype=torch.long)
        outs = []
        for _ in range(max_len):
            step_logits, h = self.decoder.step(tok, h, enc_out, mask)
            tok = step_logits.argmax(-1)
            outs.append(tok)
        return torch.cat(outs, dim=1)


@register_arch("gru_attn")
def gru_attn(vocab_size, emb_dim=64, hid_dim=128, dropout=0.1, **_):
    return Seq2Seq(vocab_size, emb_dim, hid_dim, dropout)
