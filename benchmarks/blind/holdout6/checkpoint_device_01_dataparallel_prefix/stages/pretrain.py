import os

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from mlm.checkpoint import save_checkpoint
from mlm.data import mask_tokens, pretrain_dataset
from mlm.modeling import MaskedLM, build_encoder


def run(cfg):
    p = cfg["pretrain"]
    torch.manual_seed(cfg["seed"])
    loader = DataLoader(pretrain_dataset(cfg), batch_size=p["batch_size"], shuffle=True, drop_last=True)
    model = MaskedLM(build_encoder(cfg), cfg["data"]["vocab_size"])
    if p.get("data_parallel"):
        model = nn.DataParallel(model)
    opt = torch.optim.AdamW(model.parameters(), lr=p["lr"], weight_decay=0.01)
    for epoch in range(p["epochs"]):
        model.train()
        tot = 0.0
        for (ids,) in loader:
            inputs, labels = mask_tokens(ids, p["mask_prob"], cfg["data"]["vocab_size"])
            logits = model(inputs)
            loss = F.cross_entropy(logits.flatten(0, 1), labels.flatten(), ignore_index=-100)
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += loss.item()
        print(f"[pretrain] epoch {epoch} mlm loss {tot / len(loader):.4f}")
    path = os.path.join(cfg["work_dir"], "pretrain", "mlm_last.pt")
    save_checkpoint(model, path, stage="pretrain", epochs=p["epochs"])
    return path
