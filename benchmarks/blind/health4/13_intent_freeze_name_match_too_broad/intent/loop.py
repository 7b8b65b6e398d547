import torch.nn.functional as F


def train(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        model.train()
        tot, correct, n = 0.0, 0, 0
        for step, (tokens, labels) in enumerate(loader):
            logits = model(tokens)
            loss = F.cross_entropy(logits, labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            tot += loss.item() * len(labels)
            correct += (logits.argmax(-1) == labels).sum().item()
            n += len(labels)
        print(f"epoch {epoch + 1}: loss={tot / n:.4f} acc={correct / n:.3f}")
