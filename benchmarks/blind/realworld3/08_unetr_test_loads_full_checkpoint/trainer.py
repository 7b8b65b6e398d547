import os
import torch
import torch.nn.functional as F


def dice_acc(logits, target, num_classes):
    pred = logits.argmax(1)
    accs = []
    for c in range(1, num_classes):
        inter = ((pred == c) & (target == c)).sum().float()
        denom = (pred == c).sum() + (target == c).sum()
        accs.append((2 * inter / denom.clamp(min=1)).item())
    return sum(accs) / len(accs)


def save_checkpoint(model, epoch, args, filename="model.pt", best_acc=0):
    state_dict = model.state_dict()
    save_dict = {"epoch": epoch, "best_acc": best_acc, "state_dict": state_dict}
    filename = os.path.join(args.logdir, filename)
    torch.save(save_dict, filename)
    print("Saving checkpoint", filename)


def run_training(model, train_loader, val_loader, optimizer, args):
    val_acc_max = 0.0
    for epoch in range(args.max_epochs):
        model.train()
        for x, y in train_loader:
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            accs = [dice_acc(model(x), y, args.out_channels) for x, y in val_loader]
        val_avg_acc = sum(accs) / len(accs)
        print(f"Final training  {epoch}/{args.max_epochs - 1} loss: {loss.item():.4f} acc {val_avg_acc:.4f}")
        if val_avg_acc >= val_acc_max:
            val_acc_max = val_avg_acc
            save_checkpoint(model, epoch, args, best_acc=val_acc_max)
    return val_acc_max
