import torch
from torch.utils.data import DataLoader

from .model import MaskedFeatureModel


def pretrain(dataset, device, epochs, amp=True, ckpt_path="pretrain_last.pt", lr=2e-3):
    model = MaskedFeatureModel().to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    scaler = torch.amp.GradScaler(device.type, enabled=amp)
    loader = DataLoader(dataset, batch_size=64, shuffle=True, drop_last=True)
    amp_dtype = torch.float16 if device.type == "cuda" else torch.bfloat16
    for epoch in range(epochs):
        model.train()
        total = 0.0
        for (x,) in loader:
            x = x.to(device)
            with torch.autocast(device.type, dtype=amp_dtype, enabled=amp):
                loss = model(x)
            optimizer.zero_grad(set_to_none=True)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
            total += loss.item()
        print(f"[pretrain] epoch {epoch}: recon loss={total / len(loader):.4f}")
    state = {
        "encoder": model.encoder.state_dict(),
        "scaler": scaler.state_dict(),
        "epoch": epochs,
    }
    torch.save(state, ckpt_path)
    return ckpt_path
