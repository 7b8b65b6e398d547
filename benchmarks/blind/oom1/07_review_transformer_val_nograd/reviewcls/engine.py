import torch
import torch.nn.functional as F

from reviewcls.metrics import roc_auc


def train_epoch(model, loader, opt):
    model.train()
    for step, (x, y) in enumerate(loader):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 5 == 0:
            print(f"step {step} loss {loss.item():.4f}")


def validate(model, loader):
    model.eval()
    all_probs, all_labels = [], []
    for x, y in loader:
        logits = model(x)
        all_probs.append(logits.softmax(-1)[:, 1])
        all_labels.append(y)
    probs, labels = torch.cat(all_probs), torch.cat(all_labels)
    return roc_auc(probs, labels)
