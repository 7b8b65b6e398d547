import torch
import torch.nn.functional as F


def train(loader, model, optimizer):
    """
    Switch to eval mode: under the linear classification protocol the
    BatchNorm statistics of the pre-trained encoder must stay fixed.
    """
    model.eval()
    total, n = 0.0, 0
    for images, target in loader:
        output = model(images)
        loss = F.cross_entropy(output, target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item() * len(target)
        n += len(target)
    return total / n


@torch.no_grad()
def validate(loader, model):
    model.eval()
    correct, n = 0, 0
    for images, target in loader:
        correct += (model(images).argmax(1) == target).sum().item()
        n += len(target)
    return 100.0 * correct / n
