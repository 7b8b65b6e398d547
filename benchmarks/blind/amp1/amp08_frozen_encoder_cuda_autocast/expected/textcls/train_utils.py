import time

import torch
import torch.nn.functional as F


def run_epoch(model, loader, device, optimizer=None):
    training = optimizer is not None
    model.train(training)
    tot_loss, correct, seen = 0.0, 0, 0
    for ids, labels in loader:
        ids, labels = ids.to(device), labels.to(device)
        with torch.set_grad_enabled(training), torch.autocast(torch.device(device).type, dtype=torch.bfloat16):
            logits = model(ids)
            loss = F.cross_entropy(logits.float(), labels)
        if training:
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
        tot_loss += loss.item() * labels.size(0)
        correct += (logits.argmax(-1) == labels).sum().item()
        seen += labels.size(0)
    return tot_loss / seen, correct / seen


def fit(model, train_dl, val_dl, epochs, lr, device):
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=lr, weight_decay=0.01)
    for epoch in range(epochs):
        t0 = time.time()
        tr_loss, tr_acc = run_epoch(model, train_dl, device, optimizer)
        va_loss, va_acc = run_epoch(model, val_dl, device)
        print(f"epoch {epoch}: train loss={tr_loss:.4f} acc={tr_acc:.3f} | val loss={va_loss:.4f} acc={va_acc:.3f} ({time.time() - t0:.1f}s)")
