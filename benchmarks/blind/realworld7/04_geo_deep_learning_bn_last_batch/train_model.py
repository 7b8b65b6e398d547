import argparse
import os
import time

import torch
from torch import nn, optim
from torch.utils.data import DataLoader

from models.model_choice import net
from utils.CreateDataset import SegmentationDataset
from utils.utils import read_parameters


def create_dataloader(samples_folder, batch_size, num_bands, params):
    """Create dataloaders for training and validation"""
    num_samples = {"trn": params["training"]["num_trn_samples"], "val": params["training"]["num_val_samples"]}
    trn_dataset = SegmentationDataset(samples_folder, "trn", num_bands, max_sample_count=num_samples["trn"])
    val_dataset = SegmentationDataset(samples_folder, "val", num_bands, max_sample_count=num_samples["val"])
    print(f"Number of samples : trn={len(trn_dataset)} val={len(val_dataset)}")

    trn_dataloader = DataLoader(trn_dataset, batch_size=batch_size, num_workers=0, shuffle=True)
    val_dataloader = DataLoader(val_dataset, batch_size=batch_size, num_workers=0, shuffle=False)
    return trn_dataloader, val_dataloader


def train(train_loader, model, criterion, optimizer, scheduler, num_classes, device):
    """Train the model and return the metrics of the training epoch"""
    model.train()
    running_loss = 0.0
    for index, data in enumerate(train_loader):
        inputs = data["sat_img"].to(device)
        labels = data["map_img"].to(device)

        optimizer.zero_grad()
        outputs = model(inputs)
        loss = criterion(outputs, labels)
        running_loss += loss.item() * inputs.size(0)
        loss.backward()
        optimizer.step()
    scheduler.step()
    return running_loss / len(train_loader.dataset)


def evaluation(eval_loader, model, criterion, num_classes, device):
    model.eval()
    running_loss, correct, total = 0.0, 0, 0
    with torch.no_grad():
        for data in eval_loader:
            inputs = data["sat_img"].to(device)
            labels = data["map_img"].to(device)
            outputs = model(inputs)
            running_loss += criterion(outputs, labels).item() * inputs.size(0)
            correct += (outputs.argmax(1) == labels).sum().item()
            total += labels.numel()
    return running_loss / len(eval_loader.dataset), correct / total


def main(params):
    since = time.time()
    torch.manual_seed(0)
    device = torch.device("cpu")
    samples_folder = params["sample"]["samples_dir"]
    batch_size = params["training"]["batch_size"]
    num_epochs = params["training"]["num_epochs"]
    num_bands = params["global"]["number_of_bands"]
    num_classes = params["global"]["num_classes"]

    model = net(params).to(device)
    trn_dataloader, val_dataloader = create_dataloader(samples_folder, batch_size, num_bands, params)
    criterion = nn.CrossEntropyLoss()
    optimizer = optim.Adam(model.parameters(), lr=params["training"]["learning_rate"],
                           weight_decay=params["training"]["weight_decay"])
    lr_scheduler = optim.lr_scheduler.StepLR(optimizer, step_size=params["training"]["step_size"],
                                             gamma=params["training"]["gamma"])

    best_loss = 999
    for epoch in range(num_epochs):
        trn_loss = train(trn_dataloader, model, criterion, optimizer, lr_scheduler, num_classes, device)
        val_loss, val_acc = evaluation(val_dataloader, model, criterion, num_classes, device)
        print(f"Epoch {epoch}/{num_epochs - 1}  trn_loss {trn_loss:.4f}  val_loss {val_loss:.4f}  val_acc {val_acc:.3f}")
        if val_loss < best_loss:
            best_loss = val_loss
            os.makedirs(params["training"]["output_path"], exist_ok=True)
            torch.save({"epoch": epoch, "model": model.state_dict()},
                       os.path.join(params["training"]["output_path"], "checkpoint.pth.tar"))
    print(f"Training complete in {time.time() - since:.1f}s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Training execution")
    parser.add_argument("param_file", metavar="DIR", help="Path to training parameters stored in yaml")
    args = parser.parse_args()
    main(read_parameters(args.param_file))
