#!/usr/bin/env python
# coding: utf-8

# # Weather Image Classification with PyTorch
# Fine-tune a small convolutional network on the labelled weather images.

# In[1]:


import copy
import time

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.optim import lr_scheduler
from torch.utils.data import DataLoader

from weather_data import WeatherDataset, list_classes

torch.manual_seed(42)
np.random.seed(42)


# In[2]:


CFG = {
    "batch_size": 16,
    "epochs": 3,
    "lr": 0.01,
    "num_classes": 4,
}


# In[3]:


class_names = list_classes()
print("classes:", class_names)
image_datasets = {x: WeatherDataset(x) for x in ["train", "valid"]}
dataloaders = {
    "train": DataLoader(image_datasets["train"], batch_size=CFG["batch_size"], shuffle=True),
    "valid": DataLoader(image_datasets["valid"], batch_size=CFG["batch_size"], shuffle=False),
}
dataset_sizes = {x: len(image_datasets[x]) for x in ["train", "valid"]}


# In[4]:


class SmallBackbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.fc = nn.Linear(32, 1000)

    def forward(self, x):
        return self.fc(torch.flatten(self.features(x), 1))


model_ft = SmallBackbone()
num_ftrs = model_ft.fc.in_features
model_ft.fc = nn.Linear(num_ftrs, CFG["num_classes"])

criterion = nn.CrossEntropyLoss()
optimizer_ft = optim.SGD(model_ft.parameters(), lr=CFG["lr"], momentum=0.9)
exp_lr_scheduler = lr_scheduler.StepLR(optimizer_ft, step_size=7, gamma=0.1)


# In[5]:


def train_model(model, criterion, optimizer, scheduler, num_epochs=25):
    since = time.time()
    best_model_wts = copy.deepcopy(model.state_dict())
    best_acc = 0.0
    for epoch in range(num_epochs):
        print(f"Epoch {epoch}/{num_epochs - 1}")
        for phase in ["train", "valid"]:
            model.train() if phase == "train" else model.eval()
            running_loss = 0.0
            running_corrects = 0
            for data, target in dataloaders[phase]:
                optimizer.zero_grad()
                with torch.set_grad_enabled(phase == "train"):
                    output = model(data)
                    _, preds = torch.max(output, 1)
                    loss = criterion(output, target)
                    if phase == "train":
                        loss.backward()
                        optimizer.step()
                running_loss += loss.item() * data.size(0)
                running_corrects += torch.sum(preds == target.data)
            if phase == "train":
                scheduler.step()
            epoch_loss = running_loss / dataset_sizes[phase]
            epoch_acc = running_corrects.double() / dataset_sizes[phase]
            print(f"{phase} Loss: {epoch_loss:.4f} Acc: {epoch_acc:.4f}")
            if phase == "valid" and epoch_acc > best_acc:
                best_acc = epoch_acc
                best_model_wts = copy.deepcopy(model.state_dict())
    print(f"Training complete in {time.time() - since:.0f}s, best val Acc: {best_acc:.4f}")
    model.load_state_dict(best_model_wts)
    return model


# In[6]:


print("Training of Model:")
model_ft = train_model(model_ft, criterion, optimizer_ft, exp_lr_scheduler, num_epochs=CFG["epochs"])
