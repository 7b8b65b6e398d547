import random

import torch
import torch.nn as nn

from .decoder import AttnDecoder
from .encoder import Encoder
from .vocab import PAD, SOS


class Seq2Seq(nn.Module):
    def __init__(self, vocab_size, emb_dim, hidden_dim, bidirectional=True):
        super().__init__()
        enc_out_dim = hidden_dim * (2 if bidirectional else 1)
        self.encoder = Encoder(vocab_size, emb_dim, hidden_dim, bidirectional)
        self.decoder = AttnDecoder(vocab_size, emb_dim, hidden_dim, enc_out_dim)
        self.vocab_size = vocab_size

    def forward(self, src, src_lens, tgt, teacher_forcing=0.5):
        B, T = tgt.shape
        enc_outputs, hidden = self.encoder(src, src_lens)
        if self.encoder.bidirectional:
            # sum the final forward and backward states -> (1, B, H) for the decoder
            hidden = (hidden[0] + hidden[1]).unsqueeze(0)
        src_mask = src[:, :enc_outputs.size(1)] != PAD
        logits = torch.zeros(B, T, self.vocab_size)
        token = torch.full((B,), SOS, dtype=torch.long)
        for t in range(T):
            step_logits, hidden = self.decoder(token, hidden, enc_outputs, src_mask)
            logits[:, t] = step_logits
            use_tf = self.training and random.random() < teacher_forcing
            token = tgt[:, t] if use_tf else step_logits.argmax(-1)
        return logits
