import torch
import torch.nn as nn
import torch.nn.functional as F


class VocabGraphConvolution(nn.Module):
    def __init__(self, adj, in_dim, out_dim):
        super().__init__()
        self.register_buffer("adj", adj)
        self.W = nn.Linear(in_dim, out_dim)

    def forward(self, x):
        # x: (batch, vocab, in_dim)
        return F.relu(self.W(torch.matmul(self.adj, x)))


class VGCNClassifier(nn.Module):
    def __init__(self, adj, n_vocab, emb_dim, gcn_dim, num_labels, dropout=0.2):
        super().__init__()
        self.n_vocab = n_vocab
        self.embed = nn.Embedding(n_vocab, emb_dim)
        self.vgcn = VocabGraphConvolution(adj, emb_dim, gcn_dim)
        self.dropout = nn.Dropout(dropout)
        self.classifier = nn.Linear(emb_dim + gcn_dim, num_labels)

    def forward(self, input_ids):
        tok = self.embed(input_ids)                                   # (B, L, E)
        bow = F.one_hot(input_ids, self.n_vocab).float().sum(1)       # (B, V)
        graph_in = bow.unsqueeze(-1) * self.embed.weight.unsqueeze(0)  # (B, V, E)
        g = self.vgcn(graph_in).mean(1)                               # (B, G)
        h = torch.cat([tok.mean(1), g], dim=-1)
        return self.classifier(self.dropout(h))
