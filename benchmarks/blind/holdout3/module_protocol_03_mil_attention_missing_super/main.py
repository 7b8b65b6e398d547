import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from mil.bags import SyntheticBags, collate_bags
from mil.model import AttentionMIL


def run_epoch(model, loader, opt=None):
    training = opt is not None
    model.train(training)
    tot_loss, correct, n = 0.0, 0, 0
    with torch.set_grad_enabled(training):
        for x, mask, y in loader:
            logits, _ = model(x, mask)
            loss = F.binary_cross_entropy_with_logits(logits, y)
            if training:
                opt.zero_grad()
                loss.backward()
                opt.step()
            tot_loss += loss.item() * len(y)
            correct += ((logits > 0).float() == y).sum().item()
            n += len(y)
    return tot_loss / n, correct / n


def main():
    torch.manual_seed(0)
    train = DataLoader(SyntheticBags(400, seed=0), batch_size=16, shuffle=True, collate_fn=collate_bags)
    test = DataLoader(SyntheticBags(100, seed=1), batch_size=16, collate_fn=collate_bags)
    model = AttentionMIL(in_dim=20)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3, weight_decay=1e-4)
    for epoch in range(2):
        tr_loss, tr_acc = run_epoch(model, train, opt)
        te_loss, te_acc = run_epoch(model, test)
        print(f"epoch {epoch}: train {tr_loss:.3f}/{tr_acc:.3f}  test {te_loss:.3f}/{te_acc:.3f}")


if __name__ == "__main__":
    main()
