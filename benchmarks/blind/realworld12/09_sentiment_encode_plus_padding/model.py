import torch
import torch.nn as nn

import config


class BERTBaseUncased(nn.Module):
    def __init__(self):
        super(BERTBaseUncased, self).__init__()
        self.embed = nn.Embedding(config.VOCAB_SIZE, 32, padding_idx=0)
        self.token_type = nn.Embedding(2, 32)
        layer = nn.TransformerEncoderLayer(d_model=32, nhead=4, dim_feedforward=64, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=1)
        self.bert_drop = nn.Dropout(0.3)
        self.out = nn.Linear(32, 1)

    def forward(self, ids, mask, token_type_ids):
        h = self.embed(ids) + self.token_type(token_type_ids)
        h = self.encoder(h, src_key_padding_mask=(mask == 0))
        o2 = h[:, 0]
        return self.out(self.bert_drop(o2))
