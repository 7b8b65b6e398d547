"""How pretrained/tiny_lm.pt was produced (single process, full attention weights)."""
import torch
import torch.nn as nn

VOCAB, D, HEADS, MAXLEN = 64, 48, 3, 32


def full_state(seed=0):
    torch.manual_seed(seed)
    m = nn.ModuleDict({
        "tok": nn.Embedding(VOCAB, D), "pos": nn.Embedding(MAXLEN, D),
        "ln1": nn.LayerNorm(D), "ln2": nn.LayerNorm(D),
        "mlp": nn.Sequential(nn.Linear(D, 4 * D), nn.GELU(), nn.Linear(4 * D, D)),
        "head": nn.Linear(D, VOCAB),
    })
    attn = nn.ModuleDict({"qkv": nn.Linear(D, 3 * D), "proj": nn.Linear(D, D)})
    st = dict(m.state_dict())
    st.update({f"attn.{k}": v for k, v in attn.state_dict().items()})
    return st


if __name__ == "__main__":
    torch.save({"config": {"vocab": VOCAB, "d_model": D, "n_heads": HEADS, "max_len": MAXLEN},
                "state_dict": full_state()}, "pretrained/tiny_lm.pt")
