import torch
import torch.nn as nn
import torch.nn.functional as F


class GraphConvolution(nn.Module):
    """Simple GCN layer, similar to https://arxiv.org/abs/1609.02907"""

    def __init__(self, in_features, out_features, bias=True):
        super(GraphConvolution, self).__init__()
        self.weight = nn.Parameter(torch.FloatTensor(in_features, out_features))
        self.bias = nn.Parameter(torch.FloatTensor(out_features)) if bias else None
        nn.init.xavier_uniform_(self.weight)
        if self.bias is not None:
            nn.init.zeros_(self.bias)

    def forward(self, text, adj):
        hidden = torch.matmul(text, self.weight)
        denom = torch.sum(adj, dim=2, keepdim=True) + 1
        output = torch.matmul(adj, hidden) / denom
        if self.bias is not None:
            return output + self.bias
        return output


class AEGCN(nn.Module):
    def __init__(self, embedding_matrix, opt):
        super(AEGCN, self).__init__()
        self.opt = opt
        self.embed = nn.Embedding.from_pretrained(torch.tensor(embedding_matrix, dtype=torch.float))
        self.text_lstm = nn.LSTM(opt.embed_dim, opt.hidden_dim, batch_first=True, bidirectional=True)
        self.gc1 = GraphConvolution(2 * opt.hidden_dim, 2 * opt.hidden_dim)
        self.gc2 = GraphConvolution(2 * opt.hidden_dim, 2 * opt.hidden_dim)
        self.fc = nn.Linear(2 * opt.hidden_dim, opt.polarities_dim)

    def mask(self, x, aspect_span):
        batch_size, seq_len = x.shape[0], x.shape[1]
        pos = torch.arange(seq_len, device=x.device).unsqueeze(0).expand(batch_size, -1)
        m = (pos >= aspect_span[:, :1]) & (pos <= aspect_span[:, 1:])
        return m.unsqueeze(2).float() * x

    def forward(self, inputs):
        text_indices, aspect_span, text_len, adj = inputs
        text = self.embed(text_indices)
        text_out, (_, _) = self.text_lstm(text)
        x = F.relu(self.gc1(text_out, adj))
        x = F.relu(self.gc2(x, adj))
        x = self.mask(x, aspect_span)
        alpha_mat = torch.matmul(x, text_out.transpose(1, 2))
        alpha = F.softmax(alpha_mat.sum(1, keepdim=True), dim=2)
        x = torch.matmul(alpha, text_out).squeeze(1)
        return self.fc(x)
