import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .model import Classifier, Encoder


def load_init(path, encoder, scaler=None):
    state = torch.load(path, map_location="cpu")
    encoder.load_state_dict(state["encoder"])
    if scaler is not None and "scaler" in state:
        scaler.load_state_dict(state["scaler"])
    return state.get("epoch", 0)


@torch.no_grad()
def accuracy(model, dataset, device):
    model.eval()
    x, y = dataset.tensors
    return (model(x.to(device)).argmax(-1) == y.to(device)).float().mean().item()


def finetune(train_ds, val_ds, device, init_ckpt, epochs, amp=True, lr=1e-3):
    encoder = Encoder()
    scaler = torch.amp.GradScaler(device.type, enabled=amp)
    start = load_init(init_ckpt, encoder, scaler)
    model = Classifier(encoder).to(device)
    optimizer = torch.optim.AdamW([
        {"params": model.encoder.parameters(), "lr": lr * 0.1},
        {"params": model.head.parameters(), "lr": lr},
    ])
    loader = DataLoader(train_ds, batch_size=32, shuffle=True)
    amp_dtype = torch.float16 if device.type == "cuda" else torch.bfloat16
    for epoch in range(epochs):
        model.train()
        total = 0.0
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            with torch.autocast(device.type, dtype=amp_dtype, enabled=amp):
                logits = model(x)
            loss = F.cross_entropy(logits.float(), y)
            optimizer.zero_grad(set_to_none=True)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
            total += loss.item()
        print(f"[finetune] epoch {start + epoch}: loss={total / len(loader):.4f} val_acc={accuracy(model, val_ds, device):.3f}")
    return accuracy(model, val_ds, device)
