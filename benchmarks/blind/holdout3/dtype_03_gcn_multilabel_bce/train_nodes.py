"""Semi-supervised multi-label node tagging with a 2-layer GCN (full-batch)."""
import torch
import torch.nn as nn

from gcn import GCN
from graph_utils import multi_hot, node_tags, normalize_adjacency, random_community_graph

NUM_NODES = 600
NUM_COMMUNITIES = 6
NUM_TAGS = 8
FEAT_DIM = 32
EPOCHS = 2
STEPS_PER_EPOCH = 50


def main():
    torch.manual_seed(0)
    adj, community = random_community_graph(NUM_NODES, NUM_COMMUNITIES)
    a_norm = normalize_adjacency(adj)
    centers = torch.randn(NUM_COMMUNITIES, FEAT_DIM)
    x = centers[community] + 1.5 * torch.randn(NUM_NODES, FEAT_DIM)
    y = multi_hot(node_tags(community, NUM_TAGS), NUM_TAGS)

    perm = torch.randperm(NUM_NODES)
    train_idx, test_idx = perm[:150], perm[150:]

    model = GCN(FEAT_DIM, 64, NUM_TAGS)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2, weight_decay=5e-4)
    pos_weight = torch.full((NUM_TAGS,), 2.0)
    criterion = nn.BCEWithLogitsLoss(pos_weight=pos_weight)

    for epoch in range(EPOCHS):
        model.train()
        for _ in range(STEPS_PER_EPOCH):
            opt.zero_grad()
            logits = model(x, a_norm)
            loss = criterion(logits[train_idx], y[train_idx])
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            pred = (model(x, a_norm)[test_idx] > 0).float()
            truth = y[test_idx].float()
            tp = (pred * truth).sum()
            f1 = (2 * tp / (pred.sum() + truth.sum()).clamp(min=1)).item()
        print(f"epoch {epoch}: train loss {loss.item():.4f}, test micro-F1 {f1:.3f}")


if __name__ == "__main__":
    main()
