import torch


def predict(model, points, batch_size=32):
    """Class probabilities for a (N, 3, P) tensor of point clouds."""
    model.eval()
    probs = []
    for s in range(0, len(points), batch_size):
        logits = model(points[s:s + batch_size])
        probs.append(torch.softmax(logits, dim=1))
    return torch.cat(probs)


def write_submission(path, probs):
    with open(path, "w") as f:
        f.write("id,label,confidence\n")
        conf, label = probs.max(1)
        for i, (l, c) in enumerate(zip(label.tolist(), conf.tolist())):
            f.write(f"{i},{l},{c:.4f}\n")
