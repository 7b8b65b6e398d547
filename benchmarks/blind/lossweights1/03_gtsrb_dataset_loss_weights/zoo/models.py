import numpy as np
import torch
import torch.nn as nn


class _Net(nn.Module):
    def __init__(self, num_classes: int):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1))
        self.classifier = nn.Linear(32, num_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


class Model:
    def __init__(self, name: str = 'net', num_classes: int = 10,
                 loss_weights: np.ndarray | torch.Tensor = None, **kwargs):
        self.name = name
        self.num_classes = num_classes
        self._model = _Net(num_classes)
        self.criterion = self.define_criterion(weight=loss_weights)

    def define_criterion(self, weight: torch.Tensor = None, **kwargs) -> nn.CrossEntropyLoss:
        if weight is not None:
            weight = torch.as_tensor(weight)
        return nn.CrossEntropyLoss(weight=weight, **kwargs)

    def parameters(self):
        return self._model.parameters()

    def __call__(self, x):
        return self._model(x)

    def loss(self, _input: torch.Tensor, _label: torch.Tensor) -> torch.Tensor:
        return self.criterion(self(_input), _label)

    def _train(self, epochs: int, optimizer, loader_train, loader_valid, validate_interval: int = 1):
        for epoch in range(epochs):
            self._model.train()
            running = 0.0
            for _input, _label in loader_train:
                loss = self.loss(_input, _label)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                running += loss.item()
            if (epoch + 1) % validate_interval == 0:
                print(f'Epoch: [ {epoch + 1} / {epochs} ]  loss: {running / len(loader_train):.4f}'
                      f'  valid acc: {self._validate(loader_valid):.3f}')

    @torch.no_grad()
    def _validate(self, loader):
        self._model.eval()
        correct = total = 0
        for _input, _label in loader:
            correct += (self(_input).argmax(1) == _label).sum().item()
            total += len(_label)
        return correct / total
