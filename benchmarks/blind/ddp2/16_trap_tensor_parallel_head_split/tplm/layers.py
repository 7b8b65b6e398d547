import math

import torch
import torch.distributed as dist
import torch.distributed.nn.functional as dist_fn
import torch.nn as nn


class TensorParallelAttention(nn.Module):
    """Heads are split across the tensor-parallel group; the output projection is
    row-parallel and its partial results are summed with an all-reduce."""

    def __init__(self, d_model, n_heads, full_state=None):
        super().__init__()
        tp = dist.get_world_size()
        rank = dist.get_rank()
        assert n_heads % tp == 0, (
            f"number of attention heads ({n_heads}) must be divisible by the "
            f"tensor-parallel world size ({tp})")
        self.local_heads = n_heads // tp
        self.head_dim = d_model // n_heads
        local = self.local_heads * self.head_dim
        self.qkv = nn.Linear(d_model, 3 * local)
        self.proj = nn.Linear(local, d_model, bias=(rank == 0))
        if full_state is not None:
            self._load_shard(full_state, d_model, rank, local)

    def _load_shard(self, st, d_model, rank, local):
        sl = slice(rank * local, (rank + 1) * local)
        w_q, w_k, w_v = st["qkv.weight"].split(d_model, 0)
        b_q, b_k, b_v = st["qkv.bias"].split(d_model, 0)
        with torch.no_grad():
            self.qkv.weight.copy_(torch.cat([w_q[sl], w_k[sl], w_v[sl]], 0))
            self.qkv.bias.copy_(torch.cat([b_q[sl], b_k[sl], b_v[sl]], 0))
            self.proj.weight.copy_(st["proj.weight"][:, sl])
            if self.proj.bias is not None:
                self.proj.bias.copy_(st["proj.bias"])

    def forward(self, x):
        B, T, _ = x.shape
        q, k, v = self.qkv(x).chunk(3, -1)
        q, k, v = (t.view(B, T, self.local_heads, self.head_dim).transpose(1, 2) for t in (q, k, v))
        att = (q @ k.transpose(-1, -2)) / math.sqrt(self.head_dim)
        mask = torch.ones(T, T, dtype=torch.bool).tril()
        att = att.masked_fill(~mask, float("-inf")).softmax(-1)
        o = (att @ v).transpose(1, 2).reshape(B, T, -1)
        return dist_fn.all_reduce(self.proj(o))


class TinyLM(nn.Module):
    def __init__(self, vocab, d_model, n_heads, max_len, state=None):
        super().__init__()
        sub = (lambda p: {k[len(p):]: v for k, v in state.items() if k.startswith(p)}) if state else (lambda p: None)
        self.tok = nn.Embedding(vocab, d_model)
        self.pos = nn.Embedding(max_len, d_model)
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = TensorParallelAttention(d_model, n_heads, sub("attn."))
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, 4 * d_model), nn.GELU(), nn.Linear(4 * d_model, d_model))
        self.head = nn.Linear(d_model, vocab)
        if state is not None:
            own = {k: v for k, v in state.items() if not k.startswith("attn.")}
            missing, unexpected = self.load_state_dict(own, strict=False)
            assert not unexpected and all(m.startswith("attn.") for m in missing)

    def forward(self, idx):
        x = self.tok(idx) + self.pos(torch.arange(idx.size(1)))
        x = x + self.attn(self.ln1(x))
        x = x + self.mlp(self.ln2(x))
        return self.head(x)
