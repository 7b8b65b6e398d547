import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from har import settings as S
from har.signals import synth_imu
from har.net import ActivityGRU


def run_epoch(model, loader, opt):
    model.train()
    tot, n = 0.0, 0
    opt.zero_grad()
    for i, (x, y) in enumerate(loader):
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        (loss / S.ACCUM_STEPS).backward()
        if (i + 1) % S.ACCUM_STEPS == 0 or (i + 1) == len(loader):
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            opt.zero_grad()
        tot += loss.item() * len(y)
        n += len(y)
        print(f"  batch {i} loss {loss.item():.4f}", flush=True)
    return tot / n


@torch.no_grad()
def accuracy(model, loader):
    model.eval()
    ok = sum((model(x).argmax(1) == y).sum().item() for x, y in loader)
    return ok / len(loader.dataset)


def main():
    torch.manual_seed(0)
    tr = synth_imu(S.N_TRAIN, S.SEQ_LEN, S.N_CHANNELS, S.N_CLASSES, seed=1)
    va = synth_imu(S.N_VAL, S.SEQ_LEN, S.N_CHANNELS, S.N_CLASSES, seed=2)
    train_loader = DataLoader(tr, batch_size=S.BATCH_SIZE, shuffle=True)
    val_loader = DataLoader(va, batch_size=32)
    model = ActivityGRU(S.N_CHANNELS, S.HIDDEN, S.LAYERS, S.N_CLASSES)
    opt = torch.optim.Adam(model.parameters(), lr=S.LR)
    for ep in range(S.EPOCHS):
        loss = run_epoch(model, train_loader, opt)
        acc = accuracy(model, val_loader)
        print(f"epoch {ep} loss {loss:.4f} val_acc {acc:.3f}")
        torch.save(model.state_dict(), S.CKPT)


if __name__ == "__main__":
    main()
