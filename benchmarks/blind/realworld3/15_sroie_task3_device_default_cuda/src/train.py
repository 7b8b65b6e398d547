import torch
from torch import nn, optim

from my_args import get_args
from my_data import VOCAB, MyDataset
from my_models import MyModel0


def main():
    args = get_args()
    torch.manual_seed(0)
    model = MyModel0(len(VOCAB), 20, args.hidden_size).to(args.device)
    dataset = MyDataset(device=args.device)
    criterion = nn.CrossEntropyLoss(weight=torch.tensor([0.1, 1, 1.2, 0.8, 1.5], device=args.device))
    optimizer = optim.Adam(model.parameters())
    scheduler = optim.lr_scheduler.StepLR(optimizer, 1000)

    for i in range(args.max_epoch // args.val_at):
        train(model, dataset, criterion, optimizer, (i * args.val_at + 1, (i + 1) * args.val_at + 1),
              args.batch_size, scheduler)
        validate(model, dataset, args.val_size)
    torch.save(model.state_dict(), "model.pth")


def validate(model, dataset, batch_size):
    model.eval()
    with torch.no_grad():
        text, truth = dataset.get_train_data(batch_size=batch_size)
        pred = torch.argmax(model(text), dim=2)
        acc = (pred == truth).float().mean().item()
    print(f"validation char accuracy: {acc:.3f}")


def train(model, dataset, criterion, optimizer, epoch_range, batch_size, scheduler):
    model.train()
    for epoch in range(*epoch_range):
        optimizer.zero_grad()
        text, truth = dataset.get_train_data(batch_size=batch_size)
        pred = model(text)
        loss = criterion(pred.view(-1, 5), truth.view(-1))
        loss.backward()
        optimizer.step()
        scheduler.step()
        if epoch % 10 == 0:
            print(f"#{epoch:04d} | Loss: {loss.item():.4f}")


if __name__ == "__main__":
    main()
