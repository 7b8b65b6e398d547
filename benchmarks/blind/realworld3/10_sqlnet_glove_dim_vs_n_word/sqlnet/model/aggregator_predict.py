import torch
import torch.nn as nn


class AggPredictor(nn.Module):
    def __init__(self, N_word, N_h, N_depth):
        super(AggPredictor, self).__init__()
        self.agg_lstm = nn.LSTM(input_size=N_word, hidden_size=N_h // 2, num_layers=N_depth,
                                batch_first=True, dropout=0.3, bidirectional=True)
        self.agg_att = nn.Linear(N_h, 1)
        self.agg_out = nn.Sequential(nn.Linear(N_h, N_h), nn.Tanh(), nn.Linear(N_h, 6))
        self.softmax = nn.Softmax(dim=1)

    def forward(self, x_emb_var, x_len):
        h_enc, _ = self.agg_lstm(x_emb_var)
        att_val = self.agg_att(h_enc).squeeze(2)
        max_len = max(x_len)
        for idx, num in enumerate(x_len):
            if num < max_len:
                att_val[idx, num:] = -100
        att = self.softmax(att_val)
        K_agg = (h_enc * att.unsqueeze(2).expand_as(h_enc)).sum(1)
        return self.agg_out(K_agg)
