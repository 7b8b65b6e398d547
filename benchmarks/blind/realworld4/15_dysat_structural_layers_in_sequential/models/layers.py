import torch
import torch.nn as nn
import torch.nn.functional as F


class StructuralAttentionLayer(nn.Module):
    """multi-head graph attention over one snapshot (dense adjacency)"""

    def __init__(self, input_dim, output_dim, n_heads, attn_drop=0.1, residual=True):
        super(StructuralAttentionLayer, self).__init__()
        self.out_dim = output_dim // n_heads
        self.n_heads = n_heads
        self.lin = nn.Linear(input_dim, n_heads * self.out_dim, bias=False)
        self.att_l = nn.Parameter(torch.Tensor(1, n_heads, self.out_dim))
        self.att_r = nn.Parameter(torch.Tensor(1, n_heads, self.out_dim))
        self.attn_drop = nn.Dropout(attn_drop)
        self.residual = residual
        if self.residual:
            self.lin_residual = nn.Linear(input_dim, n_heads * self.out_dim, bias=False)
        nn.init.xavier_uniform_(self.att_l)
        nn.init.xavier_uniform_(self.att_r)

    def forward(self, x, adj):
        H, C = self.n_heads, self.out_dim
        h = self.lin(x).view(-1, H, C)                                # [N, H, C]
        alpha_l = (h * self.att_l).sum(dim=-1)                        # [N, H]
        alpha_r = (h * self.att_r).sum(dim=-1)
        e = F.leaky_relu(alpha_l.unsqueeze(1) + alpha_r.unsqueeze(0), 0.2)  # [N, N, H]
        mask = (adj > 0).unsqueeze(-1)
        e = e.masked_fill(~mask, float('-inf'))
        att = self.attn_drop(torch.softmax(e, dim=1))
        out = torch.einsum('ijh,jhc->ihc', att, h).reshape(-1, H * C)
        out = F.elu(out)
        if self.residual:
            out = out + self.lin_residual(x)
        return out


class TemporalAttentionLayer(nn.Module):
    def __init__(self, input_dim, n_heads, num_time_steps, attn_drop=0.1, residual=True):
        super(TemporalAttentionLayer, self).__init__()
        self.n_heads = n_heads
        self.num_time_steps = num_time_steps
        self.residual = residual
        self.position_embeddings = nn.Parameter(torch.Tensor(num_time_steps, input_dim))
        self.mha = nn.MultiheadAttention(input_dim, n_heads, dropout=attn_drop, batch_first=True)
        self.lin = nn.Linear(input_dim, input_dim, bias=True)
        nn.init.xavier_uniform_(self.position_embeddings)

    def forward(self, inputs):
        # inputs: [N, T, F]
        T = inputs.shape[1]
        x = inputs + self.position_embeddings[:T].unsqueeze(0)
        causal = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
        out, _ = self.mha(x, x, x, attn_mask=causal)
        out = self.lin(F.relu(out)) + out
        if self.residual:
            out = out + inputs
        return out
