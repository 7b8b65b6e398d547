import torch


def get_training_elements(model_name, dataset, args, device='cpu'):
    if model_name == 'logistic':
        model = torch.nn.Linear(args['num_features'], args['num_classes'])
    else:
        model = torch.nn.Sequential(
            torch.nn.Linear(args['num_features'], 64),
            torch.nn.ReLU(),
            torch.nn.Linear(64, args['num_classes']),
        )
    criterion = torch.nn.CrossEntropyLoss()
    return model.to(device), criterion


def compute_loss(model, criterion, data, label):
    output = model(data)
    loss = criterion(output, label.long())
    return output, loss


def local_training(model, criterion, optimizer, dataloader, local_epochs):
    model.train()
    for _ in range(local_epochs):
        for data, label in dataloader:
            optimizer.zero_grad()
            output, loss = compute_loss(model, criterion, data, label)
            loss.backward()
            optimizer.step()
    return loss.item()


@torch.no_grad()
def evaluate_model(model, criterion, dataloader):
    model.eval()
    total_loss, correct, total = 0.0, 0, 0
    for data, label in dataloader:
        output, loss = compute_loss(model, criterion, data, label)
        total_loss += loss.item() * len(label)
        correct += (output.argmax(1) == label).sum().item()
        total += len(label)
    return total_loss / total, correct / total
