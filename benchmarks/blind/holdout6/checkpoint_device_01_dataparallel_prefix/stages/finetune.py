import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from mlm.checkpoint import load_checkpoint, save_checkpoint
from mlm.data import finetune_datasets
from mlm.modeling import MaskedLM, SequenceClassifier, build_encoder


def run(cfg, pretrained_path):
    f = cfg["finetune"]
    torch.manual_seed(cfg["seed"])
    train_ds, val_ds = finetune_datasets(cfg)
    train_dl = DataLoader(train_ds, batch_size=f["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=128)

    mlm = MaskedLM(build_encoder(cfg), cfg["data"]["vocab_size"])
    meta = load_checkpoint(mlm, pretrained_path)
    print(f"[finetune] loaded encoder from {pretrained_path} ({meta})")
    model = SequenceClassifier(mlm.encoder, cfg["data"]["n_classes"])
    opt = torch.optim.AdamW(model.parameters(), lr=f["lr"])

    for epoch in range(f["epochs"]):
        frozen = epoch < f["freeze_encoder_epochs"]
        model.encoder.requires_grad_(not frozen)
        model.train()
        for ids, y in train_dl:
            loss = F.cross_entropy(model(ids), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            acc = sum((model(ids).argmax(-1) == y).sum().item() for ids, y in val_dl) / len(val_ds)
        print(f"[finetune] epoch {epoch} (encoder frozen={frozen}) val acc {acc:.3f}")
    save_checkpoint(model, os.path.join(cfg["work_dir"], "finetune", "cls_last.pt"), stage="finetune")
