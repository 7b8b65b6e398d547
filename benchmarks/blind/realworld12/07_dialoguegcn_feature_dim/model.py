import torch
import torch.nn as nn
import torch.nn.functional as F


class MatchingAttention(nn.Module):
    def __init__(self, mem_dim):
        super(MatchingAttention, self).__init__()
        self.transform = nn.Linear(mem_dim, mem_dim, bias=False)

    def forward(self, M, umask):
        # M: seq_len, batch, mem_dim
        scores = torch.bmm(self.transform(M).transpose(0, 1), M.permute(1, 2, 0))
        scores = scores.masked_fill(umask.unsqueeze(1) == 0, -1e9)
        alpha = F.softmax(scores, dim=2)
        return torch.bmm(alpha, M.transpose(0, 1)).transpose(0, 1)


class DialogueGCNModel(nn.Module):
    def __init__(self, D_m, D_e, graph_hidden_size, n_speakers=2, n_classes=7, dropout=0.5):
        super(DialogueGCNModel, self).__init__()
        self.lstm = nn.LSTM(input_size=D_m, hidden_size=D_e, num_layers=2, bidirectional=True, dropout=dropout)
        self.speaker_proj = nn.Linear(n_speakers, 2 * D_e)
        self.att = MatchingAttention(2 * D_e)
        self.graph_layer = nn.Linear(2 * D_e, graph_hidden_size)
        self.dropout = nn.Dropout(dropout)
        self.smax_fc = nn.Linear(2 * D_e + graph_hidden_size, n_classes)

    def forward(self, U, qmask, umask):
        emotions, hidden = self.lstm(U)
        emotions = emotions + self.speaker_proj(qmask)
        context = self.att(emotions, umask)
        g = F.relu(self.graph_layer(context))
        hidden = torch.cat([emotions, g], dim=-1)
        log_prob = F.log_softmax(self.smax_fc(self.dropout(hidden)), dim=-1)
        return log_prob.transpose(0, 1)   # batch, seq_len, n_classes
