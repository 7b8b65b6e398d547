import torch
from torch.utils.data import TensorDataset, DataLoader


def load_mnist_like(batch_size=64, n_train=1200, n_test=300):
    torch.manual_seed(123)
    # class-dependent prototypes + noise so the network can actually learn something
    prototypes = torch.rand(10, 1, 28, 28)

    def make(n):
        y = torch.randint(0, 10, (n,))
        x = prototypes[y] + 0.3 * torch.randn(n, 1, 28, 28)
        x = (x - 0.1307) / 0.3081
        return TensorDataset(x, y)

    train_loader = DataLoader(make(n_train), batch_size=batch_size, shuffle=True)
    test_loader = DataLoader(make(n_test), batch_size=batch_size, shuffle=False)
    return train_loader, test_loader


def evaluate(model, loader, criterion):
    model.eval()
    test_loss, correct = 0.0, 0
    with torch.no_grad():
        for data, target in loader:
            output = model(data)
            test_loss += criterion(output, target).item() * data.size(0)
            correct += output.argmax(dim=1).eq(target).sum().item()
    n = len(loader.dataset)
    return test_loss / n, correct / n
