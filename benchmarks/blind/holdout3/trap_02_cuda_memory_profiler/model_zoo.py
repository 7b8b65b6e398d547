import torch.nn as nn


def gpt_block_stack(d_model=512, n_heads=8, n_layers=6, ff=2048):
    layer = nn.TransformerEncoderLayer(d_model, n_heads, ff, dropout=0.0, batch_first=True, norm_first=True)
    return nn.TransformerEncoder(layer, n_layers, enable_nested_tensor=False)
