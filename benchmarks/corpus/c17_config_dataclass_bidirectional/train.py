import torch
from config import Config
from model import Encoder
cfg = Config()
enc = Encoder(cfg)
opt = torch.optim.Adam(enc.parameters())
for _ in range(3):
    x = torch.randint(0, cfg.vocab, (6, 9)); y = torch.randint(0, cfg.num_classes, (6,))
    loss = torch.nn.functional.cross_entropy(enc(x), y)
    opt.zero_grad(); loss.backward(); opt.step()
