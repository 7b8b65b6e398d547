import torch


@torch.no_grad()
def embed_all(model, x, batch=1024):
    model.eval()
    out = torch.cat([model(x[i:i + batch]) for i in range(0, len(x), batch)])
    model.train()
    return out


@torch.no_grad()
def knn_accuracy(query, q_labels, bank, b_labels, k=5, num_classes=None):
    num_classes = num_classes or int(b_labels.max()) + 1
    dists = ((query[:, None, :] - bank[None, :, :]) ** 2).sum(-1)
    nn_idx = dists.topk(k, dim=1, largest=False).indices
    votes = torch.zeros(len(query), num_classes).scatter_add_(
        1, b_labels[nn_idx], torch.ones(nn_idx.shape))
    return (votes.argmax(1) == q_labels).float().mean().item()
