import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


def train_full_graph(model, feats, a_hat, labels, splits, cfg):
    """Full-graph propagation each step; the loss is taken over mini-batches of training nodes."""
    train_idx, val_idx, test_idx = splits
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    node_loader = DataLoader(train_idx, batch_size=cfg["batch_size"], shuffle=True)
    for epoch in range(cfg["epochs"]):
        model.train()
        for batch_nodes in node_loader:
            logits = model(feats, a_hat)
            loss = F.cross_entropy(logits[batch_nodes], labels[batch_nodes])
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            pred = model(feats, a_hat).argmax(1)
        accs = [(pred[i] == labels[i]).float().mean().item() for i in (train_idx, val_idx, test_idx)]
        print(f"epoch {epoch}: loss {loss.item():.3f} train {accs[0]:.3f} val {accs[1]:.3f} test {accs[2]:.3f}")
    return model
