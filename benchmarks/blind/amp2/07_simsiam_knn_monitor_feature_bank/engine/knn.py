import torch
import torch.nn.functional as F


@torch.no_grad()
def build_feature_bank(encoder, memory_loader, amp=True):
    n = len(memory_loader.dataset)
    bank, labels = None, torch.zeros(n, dtype=torch.long)
    for idx, x, y in memory_loader:
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=amp):
            feat = F.normalize(encoder(x), dim=1)
        if bank is None:
            bank = torch.zeros(n, feat.shape[1])
        bank[idx] = feat
        labels[idx] = y
    return bank, labels


@torch.no_grad()
def knn_monitor(encoder, memory_loader, test_loader, k=20, t=0.1, amp=True):
    """Weighted kNN accuracy (InstDisc protocol) of the current encoder."""
    encoder.eval()
    bank, bank_labels = build_feature_bank(encoder, memory_loader, amp)
    n_classes = int(bank_labels.max()) + 1
    correct = total = 0
    for _, x, y in test_loader:
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=amp):
            feat = F.normalize(encoder(x), dim=1)
        sim = feat.float() @ bank.t()
        w, nn_idx = sim.topk(k, dim=1)
        one_hot = F.one_hot(bank_labels[nn_idx], n_classes).float()
        scores = (one_hot * (w / t).exp().unsqueeze(-1)).sum(1)
        correct += (scores.argmax(1) == y).sum().item()
        total += len(y)
    encoder.train()
    return 100.0 * correct / total
